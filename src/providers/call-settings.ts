// What a call asks of a vendor beyond the prompt, in the vendor's own terms: how hard a reasoning
// model thinks (the AI SDK maps one level to OpenAI's reasoning effort, Anthropic's thinking budget,
// Gemini's thinking level or budget and xAI's reasoning effort; OpenRouter takes its own option), and
// the vendor's own web search (OpenAI's and xAI's web search tool, Anthropic's web search tool, Google
// Search grounding, OpenRouter's web plugin; Perplexity always searches). Each vendor's spec
// (src/providers/<vendor>/) says how; the search tools come from the provider packages, loaded only
// when a call asks for a search.

import type { ModelEntry, ReasoningLevel } from "./model-entry.ts";
import type { ProviderCallSettings } from "./vendor-spec.ts";
import { vendorOf } from "./vendors.ts";

export { maxSearchesPerCall } from "./standard-call-settings.ts";
export type { ProviderCallSettings } from "./vendor-spec.ts";

/** What the caller wants of one call. */
export interface CallFeatures {
  reasoning?: ReasoningLevel | undefined;
  webSearch?: boolean | undefined;
}

/**
 * The settings that ask `entry`'s vendor for `features`, in its own terms (its spec's `callSettings`);
 * what the model cannot do is left out.
 */
export function callSettingsFor(entry: ModelEntry, features: CallFeatures): ProviderCallSettings {
  const reasoning = entry.reasons ? features.reasoning : undefined;
  const search = features.webSearch === true && entry.webSearch && !entry.alwaysSearches;
  return vendorOf(entry.provider).callSettings({ ...(reasoning ? { reasoning } : {}), search });
}

/** The parts of an AI SDK result that tell how many searches the vendor ran. */
export interface SearchEvidence {
  steps?: readonly { content: readonly { type: string; providerExecuted?: boolean }[] }[];
  providerMetadata?: Record<string, Record<string, unknown> | undefined> | undefined;
}

/**
 * The web searches a call ran: the vendor-executed tool calls (OpenAI, xAI, Anthropic), or the
 * queries Google Search grounding reports.
 */
export function webSearchesIn(result: SearchEvidence): number {
  const calls = (result.steps ?? [])
    .flatMap((step) => step.content)
    .filter((part) => part.type === "tool-call" && part.providerExecuted === true).length;
  if (calls > 0) return calls;
  const grounding = result.providerMetadata?.google?.groundingMetadata as
    | { webSearchQueries?: unknown[] | null }
    | undefined;
  return Array.isArray(grounding?.webSearchQueries) ? grounding.webSearchQueries.length : 0;
}
