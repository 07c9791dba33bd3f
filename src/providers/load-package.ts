// Loads a package synchronously at its first use rather than at start: the provider packages, pino (the
// log) and the price data, each of which costs tens to hundreds of milliseconds to load, which a stdio
// server that MCP clients spawn at every start must not spend before it answers. It is `require` of the
// package's ES module, the same instance `import` would give. From the sources, that is the installed
// package. The bundle holds its own build of each such package instead, an entry of its own beside the
// bundle (dist/cli/packages/<name>.js, made by rolldown.config.ts), so the package is neither loaded
// before its first use nor installed with ai-universe.

import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

declare global {
  interface ImportMeta {
    /**
     * Set by the build (rolldown.config.ts) in the bundle only: the folder, relative to the bundle's
     * files, that holds its build of each package loaded at first use.
     */
    bundledPackages?: string;
  }
}

const require = createRequire(import.meta.url);

/**
 * Loads `name` (the bundle's build of it, or the installed package) and returns its module; later calls
 * return the same module. Throws what loading it threw.
 */
export function loadPackage<Module>(name: string): Module {
  const file =
    import.meta.bundledPackages === undefined
      ? import.meta.resolve(name)
      : new URL(`${import.meta.bundledPackages}${name}.js`, import.meta.url).href;
  return require(fileURLToPath(file)) as Module;
}
