// The shape of one model the product can consult, whether it comes from the built-in catalog,
// the config file, or a local endpoint discovered at start.

import { type VendorId, vendorIds } from "./vendors.ts";

/** Provider kinds the model factory knows how to reach: the vendors of the registry (src/providers/vendors.ts). */
export const providerKinds = vendorIds;

export type ProviderKind = VendorId;

/** The output cap of a model that does not set its own. */
export const defaultMaxOutputTokens = 8192;

/** The most tokens one answer of `entry` may have. */
export function outputCapOf(entry: { maxOutputTokens?: number }): number {
  return entry.maxOutputTokens ?? defaultMaxOutputTokens;
}

import type { ReasoningLevel } from "../contract/reasoning-levels.ts";

export { type ReasoningLevel, reasoningLevels } from "../contract/reasoning-levels.ts";

/** Files besides text that a model can read. */
export const attachmentKinds = ["image", "pdf"] as const;
export type AttachmentKind = (typeof attachmentKinds)[number];

/** One consultable model. `name` is the short name used as `model` in results (e.g. "gemini"). */
export interface ModelEntry {
  name: string;
  provider: ProviderKind;
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
  /** Most tokens one answer may have; default {@link defaultMaxOutputTokens}. Bounds cost estimates. */
  maxOutputTokens?: number;
}
