// Mapping between the evaluation tables' rows and the evaluations port's records, shared by both
// backends: the immutable part of a run is one JSON column, what changes as it goes has columns of its own.

import type { EvaluationRunRecord } from "./evaluations.ts";

type Row = Record<string, unknown>;

/** The columns of `evaluation_runs`. */
export const runColumns = [
  "id",
  "user_id",
  "settings_key",
  "status",
  "best_model",
  "spent_usd",
  "max_cost_usd",
].concat(["created_at", "updated_at", "definition"]);

/** A new run's row. */
export function toRunRow(owner: string, run: EvaluationRunRecord): Row {
  const { id, settingsKey, status, bestModel, spentUsd, maxCostUsd, createdAt, updatedAt, ...definition } =
    run;
  return {
    id,
    user_id: owner,
    settings_key: settingsKey,
    status,
    best_model: bestModel,
    spent_usd: spentUsd,
    max_cost_usd: maxCostUsd,
    created_at: createdAt,
    updated_at: updatedAt,
    definition: JSON.stringify(definition),
  };
}

/** The run a row holds. */
export function toEvaluationRun(row: Row): EvaluationRunRecord {
  const definition = JSON.parse(String(row.definition)) as Omit<
    EvaluationRunRecord,
    "id" | "settingsKey" | "status" | "bestModel" | "spentUsd" | "maxCostUsd" | "createdAt" | "updatedAt"
  >;
  return {
    ...definition,
    id: String(row.id),
    settingsKey: String(row.settings_key),
    status: row.status as EvaluationRunRecord["status"],
    bestModel: row.best_model === null ? null : String(row.best_model),
    spentUsd: Number(row.spent_usd),
    maxCostUsd: row.max_cost_usd === null ? null : Number(row.max_cost_usd),
    createdAt: String(row.created_at),
    updatedAt: String(row.updated_at),
  };
}

/** A JSON column's value, parsed. */
export function parsed<T>(row: Row, column = "record"): T {
  return JSON.parse(String(row[column])) as T;
}
