// Loads the AI SDK provider packages when a call first needs one, not at start (load-package.ts): each
// costs tens to hundreds of milliseconds to load, and a stdio server that MCP clients spawn at every
// start must answer `initialize` at once. Loading is synchronous, so callers that build settings
// synchronously can use it too.

import { loadPackage } from "./load-package.ts";

/**
 * Each provider package's exports, as its types declare them, by the name it is installed under. Empty
 * here: each vendor's folder (src/providers/<vendor>/) adds the package it is reached through, by
 * declaration merging, so a new vendor touches no file but its own and the registry's line.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by each vendor's declaration merging.
export interface ProviderPackages {}

/** The provider packages this program calls. */
export type ProviderPackageName = keyof ProviderPackages;

/** Loads a provider package; throws what loading it threw. Injected so tests can make one fail. */
export type ProviderPackageLoader = <Name extends ProviderPackageName>(name: Name) => ProviderPackages[Name];

/**
 * Loads `name` on first use and returns its module; later calls return the same module. Its ES module
 * build is loaded, as `import` would load it, so no second (CommonJS) copy is loaded.
 */
export const loadProviderPackage: ProviderPackageLoader = (name) => loadPackage(name);
