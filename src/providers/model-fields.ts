// What a model entry says about one model besides its vendor: what a vendor's spec reads of it. Kept apart
// from model-entry.ts, which names the vendors of the registry, so the specs need not import the registry.

import type { ReasoningLevel } from "../contract/reasoning-levels.ts";

export { type ReasoningLevel, reasoningLevels } from "../contract/reasoning-levels.ts";

/** Files besides text that a model can read. */
export const attachmentKinds = ["image", "pdf"] as const;
export type AttachmentKind = (typeof attachmentKinds)[number];

/** One consultable model, all but its vendor (see ModelEntry). `name` is the short name used as `model` in results (e.g. "gemini"). */
export interface ModelFields {
  name: string;
  /** The provider's own model id, e.g. "gemini-2.5-pro". */
  modelId: string;
  displayName: string;
  /**
   * USD per million input tokens, set by the operator for a model the price data does not price (or
   * to override it). Absent: prices come from the price data (src/pricing/), or the cost is unknown.
   */
  inputPricePerMillion?: number;
  /** USD per million output tokens; see inputPricePerMillion. */
  outputPricePerMillion?: number;
  /** Tokens the model accepts in one request (prompt plus answer): the config file's, else the price data's. */
  contextWindow: number;
  /** Whether the model can search the web (its vendor's own search) and return citations. */
  webSearch: boolean;
  /** The model searches on every call (Perplexity), whether asked to or not. */
  alwaysSearches?: boolean;
  /** The model has a reasoning control (effort, thinking budget or level). */
  reasons?: boolean;
  /** Files besides text the model reads; absent: text only. */
  reads?: AttachmentKind[];
  /** The reasoning this model uses when neither the call nor the panel sets one. */
  reasoning?: ReasoningLevel;
  /** Base URL override for this model only (openai-compatible endpoints). */
  baseURL?: string;
  /** Name of the environment variable holding this model's key (openai-compatible endpoints). */
  apiKeyEnv?: string;
  /** "subscription": a plan the user pays for runs it (an agent CLI), so its calls are not priced. */
  billing?: "subscription";
  /** Most tokens one answer may have; default {@link defaultMaxOutputTokens}. Bounds cost estimates. */
  maxOutputTokens?: number;
}
