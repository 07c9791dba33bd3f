// The settings every keyed AI SDK provider package takes: the provider fetch, the configured key and,
// when one is configured, the base URL.

import type { ModelContext } from "./vendor-spec.ts";

/** The options of `createX(options)` for a vendor reached with its configured key. */
export function keyedOptions(context: ModelContext): {
  fetch: typeof globalThis.fetch;
  apiKey: string;
  baseURL?: string;
} {
  const { settings, fetch } = context;
  return { fetch, apiKey: settings.apiKey ?? "", ...(settings.baseURL ? { baseURL: settings.baseURL } : {}) };
}
