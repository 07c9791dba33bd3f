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
//
// Beside the bundle go the early answers of a stdio start (src/stdio/early-answers.ts): what the server
// answers to `initialize` and `tools/list`, asked of the sources just built (scripts/early-answers.ts),
// so `ai-universe mcp` gives them before it loads the server, and they are always this build's.

import { execFileSync } from "node:child_process";
import { defineConfig, type Plugin } from "rolldown";

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

/** Writes the early answers into the output folder once the bundle is written. */
const earlyAnswers: Plugin = {
  name: "early-answers",
  writeBundle(options) {
    execFileSync(process.execPath, ["scripts/early-answers.ts", options.dir ?? "dist/cli"], {
      stdio: "inherit",
    });
  },
};

export default defineConfig({
  input: { main: "src/cli/main.ts" },
  platform: "node",
  external: isUnbundled,
  plugins: [earlyAnswers],
  output: {
    dir: "dist/cli",
    format: "esm",
    cleanDir: true,
    sourcemap: true,
    entryFileNames: "[name].js",
    chunkFileNames: "[name]-[hash].js",
  },
});
