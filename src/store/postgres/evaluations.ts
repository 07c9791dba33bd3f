// The evaluations port on PostgreSQL. A run and its questions are written in one transaction; each
// answer, model answer and judgement is one INSERT that keeps an earlier row of the same key, and only
// lands when the run is the owner's.

import { parsed, runColumns, runRowValues, toEvaluationRun } from "../evaluation-rows.ts";
import type { EvaluationStore } from "../evaluations.ts";
import type { PostgresConnection } from "./connection.ts";

/** The run `$1` owned by `$2`: the condition every write of a run's parts is made under. */
const owned = "EXISTS (SELECT 1 FROM evaluation_runs WHERE id = $1 AND user_id = $2)";

/** The evaluation runs of `connection`. */
export function postgresEvaluations(connection: PostgresConnection): EvaluationStore {
  return { ...runMethods(connection), ...resultMethods(connection) };
}

type RunMethods = Pick<EvaluationStore, "createRun" | "getRun" | "listRuns" | "findUnfinished" | "updateRun">;

/** The methods of a run and its questions' writing. */
function runMethods(connection: PostgresConnection): RunMethods {
  return {
    async createRun(owner, run, questions) {
      await connection.transaction(async (client) => {
        await client.query(
          `INSERT INTO evaluation_runs (${runColumns}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
          runRowValues(owner, run),
        );
        // One statement for every question: their positions and records as two arrays.
        await client.query(
          `INSERT INTO evaluation_questions (run_id, position, record)
           SELECT $1, position - 1, record FROM unnest($2::text[]) WITH ORDINALITY AS question (record, position)`,
          [run.id, questions.map((question) => JSON.stringify(question))],
        );
      });
    },

    async getRun(owner, id) {
      const result = await connection.query(
        `SELECT ${runColumns} FROM evaluation_runs WHERE user_id = $1 AND id = $2`,
        [owner, id],
      );
      const row = result.rows[0];
      return row ? toEvaluationRun(row) : undefined;
    },

    async listRuns(owner, limit) {
      const result = await connection.query(
        `SELECT ${runColumns} FROM evaluation_runs WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
        [owner, limit],
      );
      return result.rows.map(toEvaluationRun);
    },

    async findUnfinished(owner, settingsKey) {
      const result = await connection.query(
        `SELECT ${runColumns} FROM evaluation_runs
         WHERE user_id = $1 AND settings_key = $2 AND status <> 'finished'
         ORDER BY created_at DESC, id DESC LIMIT 1`,
        [owner, settingsKey],
      );
      const row = result.rows[0];
      return row ? toEvaluationRun(row) : undefined;
    },

    async updateRun(owner, id, change) {
      const result = await connection.query(
        `UPDATE evaluation_runs SET
           status = coalesce($3, status),
           best_model = coalesce($4, best_model),
           spent_usd = coalesce($5, spent_usd),
           max_cost_usd = CASE WHEN $6 THEN $7 ELSE max_cost_usd END,
           updated_at = $8
         WHERE user_id = $1 AND id = $2`,
        [
          owner,
          id,
          change.status ?? null,
          change.bestModel ?? null,
          change.spentUsd ?? null,
          change.maxCostUsd !== undefined,
          change.maxCostUsd ?? null,
          change.updatedAt,
        ],
      );
      return (result.rowCount ?? 0) > 0;
    },
  };
}

/** The methods of a run's questions, answers, model answers and judgements. */
function resultMethods(connection: PostgresConnection): Omit<EvaluationStore, keyof RunMethods> {
  const records = async <Record>(sql: string, owner: string, runId: string): Promise<Record[]> =>
    (await connection.query(sql, [runId, owner])).rows.map((row) => parsed<Record>(row));
  const inserted = async (sql: string, parameters: unknown[]) =>
    ((await connection.query(sql, parameters)).rowCount ?? 0) > 0;
  return {
    readQuestions: (owner, runId) =>
      records(
        `SELECT record FROM evaluation_questions WHERE run_id = $1 AND ${owned} ORDER BY position`,
        owner,
        runId,
      ),

    saveAnswer: (owner, runId, answer) =>
      inserted(
        `INSERT INTO evaluation_answers (run_id, question_id, strategy, record)
         SELECT $1, $3, $4, $5 WHERE ${owned} ON CONFLICT DO NOTHING`,
        [runId, owner, answer.questionId, answer.strategy, JSON.stringify(answer)],
      ),

    saveModelAnswer: (owner, runId, answer) =>
      inserted(
        `INSERT INTO evaluation_model_answers (run_id, question_id, model, record)
         SELECT $1, $3, $4, $5 WHERE ${owned} ON CONFLICT DO NOTHING`,
        [runId, owner, answer.questionId, answer.model, JSON.stringify(answer)],
      ),

    saveJudgement: (owner, runId, judgement) =>
      inserted(
        `INSERT INTO evaluation_judgements (run_id, question_id, first, second, judge, record)
         SELECT $1, $3, $4, $5, $6, $7 WHERE ${owned} ON CONFLICT DO NOTHING`,
        [
          runId,
          owner,
          judgement.questionId,
          judgement.first,
          judgement.second,
          judgement.judge,
          JSON.stringify(judgement),
        ],
      ),

    async readResults(owner, runId) {
      const [answers, modelAnswers, judgements] = await Promise.all([
        records(
          `SELECT record FROM evaluation_answers WHERE run_id = $1 AND ${owned} ORDER BY question_id, strategy`,
          owner,
          runId,
        ),
        records(
          `SELECT record FROM evaluation_model_answers WHERE run_id = $1 AND ${owned} ORDER BY question_id, model`,
          owner,
          runId,
        ),
        records(
          `SELECT record FROM evaluation_judgements WHERE run_id = $1 AND ${owned}
           ORDER BY question_id, first, second, judge`,
          owner,
          runId,
        ),
      ]);
      return { answers, modelAnswers, judgements } as Awaited<ReturnType<EvaluationStore["readResults"]>>;
    },
  };
}
