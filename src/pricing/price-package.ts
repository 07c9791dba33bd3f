// The price database package, @pydantic/genai-prices (about half a megabyte of code and data), loaded
// the first time a price, a context window or the refresh needs it rather than at start: the stdio
// server that MCP clients spawn at every start answers `initialize` and lists its tools without it.
// Loaded synchronously (src/providers/load-package.ts), so pricing stays synchronous for its callers;
// every module of this program reaches the package through here, so all share one copy of its data.

import type * as PricePackage from "@pydantic/genai-prices";
import { loadPackage } from "../providers/load-package.ts";

let loaded: typeof PricePackage | undefined;

/** The price database package, loaded at the first call. */
export function pricePackage(): typeof PricePackage {
  loaded ??= loadPackage<typeof PricePackage>("@pydantic/genai-prices");
  return loaded;
}
