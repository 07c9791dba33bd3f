// Token counts and USD cost of one call, from the usage the provider reported, priced by the price
// data (src/pricing/): cached input, reasoning, long-context tiers and search fees included.
// Unreported usage stays undefined: it is never turned into a zero.

import { costOf } from "../../pricing/price-data.ts";
import type { ModelEntry } from "../../providers/model-entry.ts";

/** Usage as the AI SDK reports it (any field may be missing). */
export interface ReportedUsage {
  inputTokens?: number | undefined;
  outputTokens?: number | undefined;
  totalTokens?: number | undefined;
  inputTokenDetails?: { cacheReadTokens?: number | undefined; cacheWriteTokens?: number | undefined };
  outputTokenDetails?: { reasoningTokens?: number | undefined };
}

/** Token and cost fields for an opinion; only fields that are known are present. */
export interface UsageFields {
  tokensUsed?: number;
  inputTokens?: number;
  outputTokens?: number;
  /** Part of inputTokens read from the provider's cache (billed at the cached rate). */
  cachedInputTokens?: number;
  /** Part of outputTokens the model spent thinking; the thinking text itself is never returned. */
  reasoningTokens?: number;
  /** Web searches the provider ran for this call (billed per search where the vendor charges). */
  webSearches?: number;
  cost?: number;
  /** The entry's plan pays (an agent CLI): no cost. */
  billing?: "subscription";
}

/** Computes the known usage fields and the cost for `entry`; `webSearches` counts the call's searches. */
export function usageFields(
  entry: ModelEntry,
  usage: ReportedUsage | undefined,
  answer: string,
  webSearches = 0,
): UsageFields {
  // Some providers (xAI, OpenRouter) report zeros when the response carried no usage at all;
  // a non-empty answer cannot have cost zero output tokens, so such a usage counts as unreported.
  const reportedNothing = !usage?.outputTokens && !usage?.totalTokens && answer.length > 0;
  const input = reportedNothing ? undefined : wholeNumber(usage?.inputTokens);
  const output = reportedNothing ? undefined : wholeNumber(usage?.outputTokens);
  const total =
    (reportedNothing ? undefined : wholeNumber(usage?.totalTokens)) ??
    (input !== undefined && output !== undefined ? input + output : undefined);
  const cached = positive(usage?.inputTokenDetails?.cacheReadTokens);
  const cacheWrite = positive(usage?.inputTokenDetails?.cacheWriteTokens);
  const reasoning = positive(usage?.outputTokenDetails?.reasoningTokens);
  const fields: UsageFields = {};
  if (total !== undefined) fields.tokensUsed = total;
  if (input !== undefined) fields.inputTokens = input;
  if (output !== undefined) fields.outputTokens = output;
  if (cached !== undefined) fields.cachedInputTokens = cached;
  if (reasoning !== undefined) fields.reasoningTokens = reasoning;
  if (webSearches > 0) fields.webSearches = webSearches;
  if (entry.billing) fields.billing = entry.billing;
  else if (input !== undefined && output !== undefined) {
    const cost = costOf(entry, {
      inputTokens: input,
      outputTokens: output,
      cacheReadTokens: cached,
      cacheWriteTokens: cacheWrite,
      reasoningTokens: reasoning,
      webSearches,
    });
    if (cost !== undefined) fields.cost = cost;
  }
  return fields;
}

function wholeNumber(value: number | undefined): number | undefined {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? Math.round(value) : undefined;
}

function positive(value: number | undefined): number | undefined {
  const whole = wholeNumber(value);
  return whole !== undefined && whole > 0 ? whole : undefined;
}
