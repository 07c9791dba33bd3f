// A stored evaluation run as its callers see it: its summary, without the settings it is resumed by.

import type { EvaluationRunSummary } from "../../contract/evaluation.ts";
import type { EvaluationRunRecord } from "../../store/evaluations.ts";

/** The summary of `record`. */
export function summaryOf(record: EvaluationRunRecord): EvaluationRunSummary {
  const { settingsKey: _key, settings: _settings, updatedAt: _updated, ...summary } = record;
  return summary;
}
