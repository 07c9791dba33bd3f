// Token counts and USD cost of one call, from the usage the provider reported and the catalog price.
// Unreported usage stays undefined: it is never turned into a zero.

import type { ModelEntry } from "../configuration/model-entry.ts";

/** Usage as the AI SDK reports it (any field may be missing). */
export interface ReportedUsage {
  inputTokens?: number | undefined;
  outputTokens?: number | undefined;
  totalTokens?: number | undefined;
}

/** Token and cost fields for an opinion; only fields that are known are present. */
export interface UsageFields {
  tokensUsed?: number;
  inputTokens?: number;
  outputTokens?: number;
  cost?: number;
}

/** Computes the known usage fields and the cost for `entry`. */
export function usageFields(
  entry: ModelEntry,
  usage: ReportedUsage | undefined,
  answer: string,
): UsageFields {
  // Some providers (xAI, OpenRouter) report zeros when the response carried no usage at all;
  // a non-empty answer cannot have cost zero output tokens, so such a usage counts as unreported.
  const reportedNothing = !usage?.outputTokens && !usage?.totalTokens && answer.length > 0;
  const input = reportedNothing ? undefined : wholeNumber(usage?.inputTokens);
  const output = reportedNothing ? undefined : wholeNumber(usage?.outputTokens);
  const total =
    (reportedNothing ? undefined : wholeNumber(usage?.totalTokens)) ??
    (input !== undefined && output !== undefined ? input + output : undefined);
  const fields: UsageFields = {};
  if (total !== undefined) fields.tokensUsed = total;
  if (input !== undefined) fields.inputTokens = input;
  if (output !== undefined) fields.outputTokens = output;
  if (
    input !== undefined &&
    output !== undefined &&
    entry.inputPricePerMillion !== undefined &&
    entry.outputPricePerMillion !== undefined
  ) {
    const cost = (input * entry.inputPricePerMillion + output * entry.outputPricePerMillion) / 1_000_000;
    fields.cost = Math.round(cost * 1e8) / 1e8;
  }
  return fields;
}

function wholeNumber(value: number | undefined): number | undefined {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? Math.round(value) : undefined;
}
