// The built-in catalog: current models of each vendor, with our short names and the capabilities we
// rely on. Prices, context windows and deprecations come from the price data (src/pricing/). This is
// the one file to edit to change the defaults; a config file can override any field or add models. The
// files a model reads are its vendor's (src/providers/<vendor>/).

import type { ModelEntry } from "../providers/model-entry.ts";
import { vendorOf } from "../providers/vendors.ts";

/** A built-in model: what is ours to say. Prices, context window and deprecation come from the price data. */
export type CatalogEntry = Omit<ModelEntry, "contextWindow"> & { contextWindow?: number };

/**
 * Built-in models, in the order used to pick a default primary. Each id is one its AI SDK provider
 * package knows and the price data prices without a deprecation flag (test/configuration/catalog.test.ts
 * checks both); docs/operations.md, "Prices", tells how they were chosen.
 */
export const builtInCatalog: readonly CatalogEntry[] = withVendorReads([
  {
    name: "cerebras",
    provider: "cerebras",
    modelId: "gpt-oss-120b",
    displayName: "gpt-oss-120b (Cerebras)",
    webSearch: false,
    reasons: true,
  },
  {
    name: "grok",
    provider: "xai",
    modelId: "grok-4.6",
    displayName: "Grok 4.6 (xAI)",
    webSearch: true,
    reasons: true,
  },
  {
    name: "openai",
    provider: "openai",
    modelId: "gpt-6-sol",
    displayName: "GPT-6 Sol (OpenAI)",
    webSearch: true,
    reasons: true,
  },
  {
    name: "claude",
    provider: "anthropic",
    modelId: "claude-opus-5-5",
    displayName: "Claude Opus 5.5 (Anthropic)",
    webSearch: true,
    reasons: true,
  },
  {
    name: "gemini",
    provider: "google",
    modelId: "gemini-3.1-pro-preview",
    displayName: "Gemini 3.1 Pro (Google)",
    // The price data gives no context window for it; Google documents 1,048,576 tokens.
    contextWindow: 1_048_576,
    webSearch: true,
    reasons: true,
  },
  {
    name: "perplexity",
    provider: "perplexity",
    modelId: "sonar-pro",
    displayName: "Sonar Pro (Perplexity, web search)",
    webSearch: true,
    alwaysSearches: true,
  },
  {
    name: "openrouter",
    provider: "openrouter",
    modelId: "deepseek/deepseek-v4-pro",
    displayName: "DeepSeek V4 Pro (OpenRouter)",
    // The price data gives no context window for it; a cautious one.
    contextWindow: 128_000,
    webSearch: true,
    reasons: true,
  },
  {
    name: "gpt-mini",
    provider: "openai",
    modelId: "gpt-6-luna",
    displayName: "GPT-6 Luna (OpenAI)",
    webSearch: true,
    reasons: true,
  },
  {
    name: "claude-haiku",
    provider: "anthropic",
    modelId: "claude-haiku-4-5",
    displayName: "Claude Haiku 4.5 (Anthropic)",
    webSearch: true,
    reasons: true,
  },
  {
    name: "gemini-flash",
    provider: "google",
    modelId: "gemini-3.8-flash",
    displayName: "Gemini 3.8 Flash (Google)",
    webSearch: true,
    reasons: true,
  },
  {
    name: "sonar",
    provider: "perplexity",
    modelId: "sonar",
    displayName: "Sonar (Perplexity, web search)",
    webSearch: true,
    alwaysSearches: true,
  },
  {
    name: "ollama",
    provider: "ollama",
    modelId: "llama3.2",
    displayName: "Llama 3.2 (local Ollama)",
    // A local model costs nothing per token.
    inputPricePerMillion: 0,
    outputPricePerMillion: 0,
    contextWindow: 128_000,
    webSearch: false,
  },
]);

/** Each entry reading the files its vendor's API takes (its spec's `reads`); none: text only. */
function withVendorReads(entries: readonly CatalogEntry[]): CatalogEntry[] {
  return entries.map((entry) => {
    const reads = vendorOf(entry.provider).reads;
    return reads.length > 0 ? { ...entry, reads: [...reads] } : entry;
  });
}

export { simulatedCatalog } from "../providers/simulated/catalog.ts";
