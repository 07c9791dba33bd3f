// What a call asks of a vendor beyond the prompt, in the vendor's own terms: how hard a reasoning
// model thinks (the AI SDK maps one level to OpenAI's reasoning effort, Anthropic's thinking budget,
// Gemini's thinking level or budget and xAI's reasoning effort; OpenRouter takes its own option), and
// the vendor's own web search (OpenAI's and xAI's web search tool, Anthropic's web search tool, Google
// Search grounding, OpenRouter's web plugin; Perplexity always searches). The search tools come from
// the provider packages, loaded only when a call asks for a search.

import type { SharedV4ProviderOptions } from "@ai-sdk/provider";
import type { ToolSet } from "ai";
import type { ModelEntry, ReasoningLevel } from "../configuration/model-entry.ts";
import { loadProviderPackage } from "./provider-packages.ts";

/** What the caller wants of one call. */
export interface CallFeatures {
  reasoning?: ReasoningLevel | undefined;
  webSearch?: boolean | undefined;
}

/** The AI SDK call settings that carry `CallFeatures` to the vendor. */
export interface ProviderCallSettings {
  reasoning?: "none" | "low" | "medium" | "high";
  tools?: ToolSet;
  providerOptions?: SharedV4ProviderOptions;
}

/** Most searches Anthropic may run in one call; cost estimates assume this many for every vendor. */
export const maxSearchesPerCall = 5;

const sdkReasoning = { off: "none", low: "low", medium: "medium", high: "high" } as const;

/** The settings that ask `entry`'s vendor for `features`; what the model cannot do is left out. */
export function callSettingsFor(entry: ModelEntry, features: CallFeatures): ProviderCallSettings {
  const reasoning = entry.reasons ? features.reasoning : undefined;
  const search = features.webSearch === true && entry.webSearch && !entry.alwaysSearches;
  if (entry.provider === "openrouter") {
    const options = {
      ...(reasoning ? { reasoning: reasoning === "off" ? { enabled: false } : { effort: reasoning } } : {}),
      ...(search ? { plugins: [{ id: "web", max_results: maxSearchesPerCall }] } : {}),
    };
    return Object.keys(options).length > 0 ? { providerOptions: { openrouter: options } } : {};
  }
  const tools = search ? searchTools(entry) : undefined;
  return {
    ...(reasoning ? { reasoning: sdkReasoning[reasoning] } : {}),
    ...(tools ? { tools } : {}),
    // @ai-sdk/openai otherwise reports the search call's bare source URLs in place of the answer's titled
    // citations.
    ...(tools && entry.provider === "openai"
      ? { providerOptions: { openai: { includeWebSearchSources: false } } }
      : {}),
  };
}

function searchTools(entry: ModelEntry): ToolSet | undefined {
  // The provider packages type their tools against their own copy of provider-utils; the tools are
  // the same objects the AI SDK's ToolSet holds.
  try {
    return vendorSearchTool(entry) as ToolSet | undefined;
  } catch {
    // The package did not load: the model's own call fails with why, as that model's error opinion.
    return undefined;
  }
}

function vendorSearchTool(entry: ModelEntry): Record<string, unknown> | undefined {
  switch (entry.provider) {
    case "openai":
      return { web_search: loadProviderPackage("@ai-sdk/openai").openai.tools.webSearch({}) };
    case "anthropic":
      return {
        web_search: loadProviderPackage("@ai-sdk/anthropic").anthropic.tools.webSearch_20250305({
          maxUses: maxSearchesPerCall,
        }),
      };
    case "google":
      return { google_search: loadProviderPackage("@ai-sdk/google").google.tools.googleSearch({}) };
    case "xai":
      return { web_search: loadProviderPackage("@ai-sdk/xai").xai.tools.webSearch() };
    default:
      return undefined;
  }
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
