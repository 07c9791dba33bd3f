// The evaluations port on either backend. A run and its questions are written in one transaction; each
// answer, model answer and judgement is one INSERT that keeps an earlier row of the same key, and only
// lands when the run is the owner's.

import { type RawBuilder, sql } from "kysely";
import { parsed, runColumns, toEvaluationRun, toRunRow } from "../evaluation-rows.ts";
import type { EvaluationResults, EvaluationStore } from "../evaluations.ts";
import { changedAny, type SqlDatabase } from "./database.ts";

/** The evaluation runs of `database`. */
export function sqlEvaluations(database: SqlDatabase): EvaluationStore {
  return { ...runMethods(database), ...resultMethods(database) };
}

type RunMethods = Pick<EvaluationStore, "createRun" | "getRun" | "listRuns" | "findUnfinished" | "updateRun">;

/** The methods of a run and its questions' writing. */
function runMethods(database: SqlDatabase): RunMethods {
  const { builder } = database;
  const runs = (owner: string) =>
    builder.selectFrom("evaluation_runs").select(runColumns).where("user_id", "=", owner);
  const newest = (owner: string) => runs(owner).orderBy("created_at", "desc").orderBy("id", "desc");
  return {
    async createRun(owner, run, questions) {
      await database.transaction(function* () {
        yield builder.insertInto("evaluation_runs").values(toRunRow(owner, run));
        const rows = questions.map((question, position) => ({
          run_id: run.id,
          position,
          record: JSON.stringify(question),
        }));
        if (rows.length > 0) yield builder.insertInto("evaluation_questions").values(rows);
      });
    },

    async getRun(owner, id) {
      const row = (await database.read(runs(owner).where("id", "=", id))).rows[0];
      return row ? toEvaluationRun(row) : undefined;
    },

    async listRuns(owner, limit) {
      return (await database.read(newest(owner).limit(limit))).rows.map(toEvaluationRun);
    },

    async findUnfinished(owner, settingsKey) {
      const unfinished = newest(owner)
        .where("settings_key", "=", settingsKey)
        .where("status", "<>", "finished");
      const row = (await database.read(unfinished.limit(1))).rows[0];
      return row ? toEvaluationRun(row) : undefined;
    },

    async updateRun(owner, id, change) {
      const { status, bestModel, spentUsd, maxCostUsd, updatedAt } = change;
      // What the change leaves out (or sets to null, but for the cost limit) stays as it was.
      const updated = builder
        .updateTable("evaluation_runs")
        .set({
          status: status ?? undefined,
          best_model: bestModel ?? undefined,
          spent_usd: spentUsd ?? undefined,
        })
        .set({ max_cost_usd: maxCostUsd, updated_at: updatedAt })
        .where("user_id", "=", owner)
        .where("id", "=", id);
      return changedAny(await database.write(updated));
    },
  };
}

/** The methods of a run's questions, answers, model answers and judgements. */
function resultMethods(database: SqlDatabase): Omit<EvaluationStore, keyof RunMethods> {
  const { builder } = database;
  const owned = (owner: string, runId: string): RawBuilder<boolean> =>
    sql`EXISTS (SELECT 1 FROM evaluation_runs WHERE id = ${runId} AND user_id = ${owner})`;
  const records = async <Record>(table: string, order: string[], owner: string, runId: string) => {
    const query = builder
      .selectFrom(table)
      .select("record")
      .where("run_id", "=", runId)
      .where(owned(owner, runId));
    const { rows } = await database.read(order.reduce((ordered, column) => ordered.orderBy(column), query));
    return rows.map((row) => parsed<Record>(row));
  };
  const inserted = async (table: string, owner: string, row: Record<string, unknown>) => {
    const columns = sql.join(Object.keys(row).map((column) => sql.ref(column)));
    const runId = String(row.run_id);
    return changedAny(
      await database.write(
        sql`INSERT INTO ${sql.table(table)} (${columns}) SELECT ${sql.join(Object.values(row))}
          WHERE ${owned(owner, runId)} ON CONFLICT DO NOTHING`,
      ),
    );
  };
  return {
    readQuestions: (owner, runId) => records("evaluation_questions", ["position"], owner, runId),

    saveAnswer: (owner, runId, answer) =>
      inserted("evaluation_answers", owner, {
        run_id: runId,
        question_id: answer.questionId,
        strategy: answer.strategy,
        record: JSON.stringify(answer),
      }),

    saveModelAnswer: (owner, runId, answer) =>
      inserted("evaluation_model_answers", owner, {
        run_id: runId,
        question_id: answer.questionId,
        model: answer.model,
        record: JSON.stringify(answer),
      }),

    saveJudgement: (owner, runId, judgement) => {
      const { questionId, first, second, judge } = judgement;
      const row = { run_id: runId, question_id: questionId, first, second, judge };
      return inserted("evaluation_judgements", owner, { ...row, record: JSON.stringify(judgement) });
    },

    async readResults(owner, runId): Promise<EvaluationResults> {
      const [answers, modelAnswers, judgements] = await Promise.all([
        records<EvaluationResults["answers"][number]>(
          "evaluation_answers",
          ["question_id", "strategy"],
          owner,
          runId,
        ),
        records<EvaluationResults["modelAnswers"][number]>(
          "evaluation_model_answers",
          ["question_id", "model"],
          owner,
          runId,
        ),
        records<EvaluationResults["judgements"][number]>(
          "evaluation_judgements",
          ["question_id", "first", "second", "judge"],
          owner,
          runId,
        ),
      ]);
      return { answers, modelAnswers, judgements };
    },
  };
}
