// The shape of one model the product can consult, whether it comes from the built-in catalog,
// the config file, or a local endpoint discovered at start.

/** Provider kinds the model factory knows how to reach. */
export const providerKinds = [
  "openai",
  "anthropic",
  "google",
  "xai",
  "cerebras",
  "perplexity",
  "openrouter",
  "ollama",
  "openai-compatible",
  "simulated",
] as const;

export type ProviderKind = (typeof providerKinds)[number];

/** The output cap of a model that does not set its own. */
export const defaultMaxOutputTokens = 8192;

/** The most tokens one answer of `entry` may have. */
export function outputCapOf(entry: { maxOutputTokens?: number }): number {
  return entry.maxOutputTokens ?? defaultMaxOutputTokens;
}

/** One consultable model. `name` is the short name used as `model` in results (e.g. "gemini"). */
export interface ModelEntry {
  name: string;
  provider: ProviderKind;
  /** The provider's own model id, e.g. "gemini-2.5-pro". */
  modelId: string;
  displayName: string;
  /** USD per million input tokens; undefined when the price is unknown (cost is then left out). */
  inputPricePerMillion?: number;
  /** USD per million output tokens. */
  outputPricePerMillion?: number;
  /** Tokens the model accepts in one request (prompt plus answer). */
  contextWindow: number;
  /** Whether the model searches the web and returns citations. */
  webSearch: boolean;
  /** Base URL override for this model only (openai-compatible endpoints). */
  baseURL?: string;
  /** Name of the environment variable holding this model's key (openai-compatible endpoints). */
  apiKeyEnv?: string;
  /** Most tokens one answer may have; default {@link defaultMaxOutputTokens}. Bounds cost estimates. */
  maxOutputTokens?: number;
}
