// Builds dist/cli, which bin/ai-universe.js runs: src/cli/main.ts bundled with every package it uses,
// split into chunks at each dynamic import, so a command loads what it uses and nothing else, as from
// the sources, and the package installs no dependency. Bundled, because MCP clients spawn the stdio
// server at every start and the AI SDK's MCP client waits 1 s: from a few dozen files instead of several
// hundred (zod alone is about a hundred, with its unused locales), the server answers `initialize` in a
// fraction of the time (`npm run bench -- --start`); and because `npx -y ai-universe mcp` installs the
// package at a client's first start, where a hundred megabytes of dependencies took seconds to fetch.
//
// The packages loaded synchronously at their first use (src/providers/load-package.ts: the provider
// packages, pino, the price data) are entries of their own, dist/cli/packages/<name>.js, which the
// bundle requires when it first needs one; what they share with the rest (zod, the AI SDK's utilities)
// is in chunks both load, so there is one copy of each. Left out, and loaded from node_modules on first
// use: the optional packages of a team's server (PostgreSQL, Redis, OpenTelemetry's SDK and its API,
// src/configuration/optional-packages.ts), which the user installs beside ai-universe when a feature
// needs them. `npm run build` runs this before Vite builds the web page into dist/web.
//
// Beside the bundle go the source maps (mappings only, without the sources' text: `node
// --enable-source-maps` turns a stack trace into our files' and the packages' lines), the licences of
// the bundled packages (scripts/third-party-licenses.ts), and the early answers of a stdio start
// (src/stdio/early-answers.ts): what the server answers to `initialize` and `tools/list`, asked of the
// sources just built (scripts/early-answers.ts), so `ai-universe mcp` gives them before it loads the
// server, and they are always this build's.

import { execFileSync } from "node:child_process";
import { defineConfig, type Plugin } from "rolldown";
import { thirdPartyLicenses } from "./scripts/third-party-licenses.ts";
import { optionalPackages } from "./src/configuration/optional-packages.ts";
import { vendorSpecs } from "./src/providers/vendors.ts";

/** The folder of the packages loaded at first use, inside dist/cli. */
const packagesFolder = "packages/";

/** Packages loaded synchronously at their first use, through src/providers/load-package.ts. */
const loadedAtFirstUse = [
  ...new Set(vendorSpecs.flatMap((spec) => (spec.package === undefined ? [] : [spec.package]))),
  "pino",
  "@pydantic/genai-prices",
];

const optional: readonly string[] = Object.values(optionalPackages).flat();

/**
 * Left in node_modules: Node's own modules and the optional packages, but for OpenTelemetry's API as
 * prom-client imports it: prom-client requires it as it loads (for exemplars, which the metrics do not
 * use), and metrics need no optional package, so it has a copy of its own in the bundle.
 */
const isExternal = (id: string, importer: string | undefined) =>
  id.startsWith("node:") ||
  (optional.some((name) => id === name || id.startsWith(`${name}/`)) &&
    !(id === "@opentelemetry/api" && importer?.includes("/node_modules/prom-client/")));

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
  input: {
    main: "src/cli/main.ts",
    ...Object.fromEntries(loadedAtFirstUse.map((name) => [`${packagesFolder}${name}`, name])),
  },
  platform: "node",
  external: isExternal,
  transform: { define: { "import.meta.bundledPackages": JSON.stringify(`./${packagesFolder}`) } },
  plugins: [thirdPartyLicenses("the server's bundle, dist/cli"), earlyAnswers],
  output: {
    dir: "dist/cli",
    format: "esm",
    cleanDir: true,
    sourcemap: true,
    sourcemapExcludeSources: true,
    entryFileNames: "[name].js",
    chunkFileNames: "[name]-[hash].js",
  },
});
