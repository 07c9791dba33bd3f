// Builds dist/cli, which bin/ai-universe.js runs: src/cli/main.ts bundled, split into chunks at each
// dynamic import, so a command loads what it uses and nothing else, as from the sources. Bundled,
// because MCP clients spawn the stdio server at every start and the AI SDK's MCP client waits 1 s:
// from a few dozen files instead of several hundred (zod alone is about a hundred, with its unused
// locales), the server answers `initialize` in a fraction of the time (`npm run bench -- --start`).
//
// Bundled: our sources and the packages that share zod with them (zod, the MCP SDK, the AI SDK), so
// one copy of zod sees every schema and its descriptions. Left in node_modules, loaded as before: the
// packages only some commands or settings load (PostgreSQL, Redis, OpenTelemetry, metrics, the
// terminal renderers, pino, the price data, pdf-lib for an attached PDF's pages) and the provider packages, which
// src/providers/provider-packages.ts loads by name at their first call. `npm run build` runs this
// before Vite builds the web page into dist/web.

import { defineConfig } from "rolldown";

/** Packages loaded from node_modules at run time rather than bundled: every one is a direct dependency. */
const unbundled = [
  "pg",
  "redis",
  "@opentelemetry/",
  "prom-client",
  "marked",
  "string-width",
  "cli-spinners",
  "picocolors",
  "jose",
  "rate-limiter-flexible",
  "pino",
  "@pydantic/genai-prices",
  "pdf-lib",
];

const isUnbundled = (id: string) =>
  id.startsWith("node:") ||
  unbundled.some((name) =>
    name.endsWith("/") ? id.startsWith(name) : id === name || id.startsWith(`${name}/`),
  );

export default defineConfig({
  input: { main: "src/cli/main.ts" },
  platform: "node",
  external: isUnbundled,
  output: {
    dir: "dist/cli",
    format: "esm",
    cleanDir: true,
    sourcemap: true,
    entryFileNames: "[name].js",
    chunkFileNames: "[name]-[hash].js",
  },
});
