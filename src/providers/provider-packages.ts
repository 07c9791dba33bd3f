// Loads the AI SDK provider packages when a call first needs one, not at start: each costs tens to
// hundreds of milliseconds to load, and a stdio server that MCP clients spawn at every start must
// answer `initialize` at once. Loading is synchronous (require of the package's ES module, the same
// instance `import` would give), so callers that build settings synchronously can use it too.

import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

/** The provider packages this program calls, by the name they are installed under. */
export type ProviderPackageName =
  | "@ai-sdk/anthropic"
  | "@ai-sdk/cerebras"
  | "@ai-sdk/google"
  | "@ai-sdk/openai"
  | "@ai-sdk/openai-compatible"
  | "@ai-sdk/perplexity"
  | "@ai-sdk/xai"
  | "@openrouter/ai-sdk-provider";

/** Each package's exports, as its types declare them. */
export interface ProviderPackages {
  "@ai-sdk/anthropic": typeof import("@ai-sdk/anthropic");
  "@ai-sdk/cerebras": typeof import("@ai-sdk/cerebras");
  "@ai-sdk/google": typeof import("@ai-sdk/google");
  "@ai-sdk/openai": typeof import("@ai-sdk/openai");
  "@ai-sdk/openai-compatible": typeof import("@ai-sdk/openai-compatible");
  "@ai-sdk/perplexity": typeof import("@ai-sdk/perplexity");
  "@ai-sdk/xai": typeof import("@ai-sdk/xai");
  "@openrouter/ai-sdk-provider": typeof import("@openrouter/ai-sdk-provider");
}

/** Loads a provider package; throws what loading it threw. Injected so tests can make one fail. */
export type ProviderPackageLoader = <Name extends ProviderPackageName>(name: Name) => ProviderPackages[Name];

const require = createRequire(import.meta.url);

/**
 * Loads `name` on first use and returns its module; later calls return the same module. The ES
 * module build is resolved as `import` would resolve it, so no second (CommonJS) copy is loaded.
 */
export const loadProviderPackage: ProviderPackageLoader = (name) =>
  require(fileURLToPath(import.meta.resolve(name)));
