// The evaluations port on SQLite. A run and its questions are written in one transaction; each answer,
// model answer and judgement is one INSERT that keeps an earlier row of the same key, and only lands
// when the run is the owner's.

import { parsed, runColumns, runRowValues, toEvaluationRun } from "../evaluation-rows.ts";
import type { EvaluationStore } from "../evaluations.ts";
import type { SqliteConnection } from "./connection.ts";

/** The evaluation runs of `connection`. */
export function sqliteEvaluations(connection: SqliteConnection): EvaluationStore {
  const statements = prepareEvaluationStatements(connection.database);
  return { ...runMethods(connection, statements), ...resultMethods(connection, statements) };
}

type Statements = ReturnType<typeof prepareEvaluationStatements>;

/** The prepared statements of the evaluation tables. */
function prepareEvaluationStatements(database: SqliteConnection["database"]) {
  const insertRun = database.prepare(
    `INSERT INTO evaluation_runs (${runColumns}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertQuestion = database.prepare(
    "INSERT INTO evaluation_questions (run_id, position, record) VALUES (?, ?, ?)",
  );
  const getRun = database.prepare(`SELECT ${runColumns} FROM evaluation_runs WHERE user_id = ? AND id = ?`);
  const listRuns = database.prepare(
    `SELECT ${runColumns} FROM evaluation_runs WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT ?`,
  );
  const findUnfinished = database.prepare(
    `SELECT ${runColumns} FROM evaluation_runs WHERE user_id = ? AND settings_key = ? AND status <> 'finished'
     ORDER BY created_at DESC, id DESC LIMIT 1`,
  );
  const updateRun = database.prepare(
    `UPDATE evaluation_runs SET
       status = coalesce(:status, status),
       best_model = coalesce(:bestModel, best_model),
       spent_usd = coalesce(:spentUsd, spent_usd),
       max_cost_usd = CASE WHEN :setMaxCost = 1 THEN :maxCostUsd ELSE max_cost_usd END,
       updated_at = :updatedAt
     WHERE user_id = :owner AND id = :id`,
  );
  const owned = "EXISTS (SELECT 1 FROM evaluation_runs WHERE id = ? AND user_id = ?)";
  const readQuestions = database.prepare(
    `SELECT record FROM evaluation_questions WHERE run_id = ? AND ${owned} ORDER BY position`,
  );
  const insertAnswer = database.prepare(
    `INSERT OR IGNORE INTO evaluation_answers (run_id, question_id, strategy, record)
     SELECT ?, ?, ?, ? WHERE ${owned}`,
  );
  const insertModelAnswer = database.prepare(
    `INSERT OR IGNORE INTO evaluation_model_answers (run_id, question_id, model, record)
     SELECT ?, ?, ?, ? WHERE ${owned}`,
  );
  const insertJudgement = database.prepare(
    `INSERT OR IGNORE INTO evaluation_judgements (run_id, question_id, first, second, judge, record)
     SELECT ?, ?, ?, ?, ?, ? WHERE ${owned}`,
  );
  const readAnswers = database.prepare(
    `SELECT record FROM evaluation_answers WHERE run_id = ? AND ${owned} ORDER BY question_id, strategy`,
  );
  const readModelAnswers = database.prepare(
    `SELECT record FROM evaluation_model_answers WHERE run_id = ? AND ${owned} ORDER BY question_id, model`,
  );
  const readJudgements = database.prepare(
    `SELECT record FROM evaluation_judgements WHERE run_id = ? AND ${owned}
     ORDER BY question_id, first, second, judge`,
  );
  return {
    insertRun,
    insertQuestion,
    getRun,
    listRuns,
    findUnfinished,
    updateRun,
    readQuestions,
    insertAnswer,
    insertModelAnswer,
    insertJudgement,
    readAnswers,
    readModelAnswers,
    readJudgements,
  };
}

const changed = (result: { changes: number | bigint }) => Number(result.changes) > 0;

type RunMethods = Pick<
  EvaluationStore,
  "createRun" | "getRun" | "listRuns" | "findUnfinished" | "updateRun" | "readQuestions"
>;

/** The methods of a run and its questions. */
function runMethods(connection: SqliteConnection, statements: Statements): RunMethods {
  const { insertRun, insertQuestion, getRun, listRuns, findUnfinished, updateRun, readQuestions } =
    statements;
  return {
    async createRun(owner, run, questions) {
      await connection.transaction(() => {
        insertRun.run(...runRowValues(owner, run));
        for (const [position, question] of questions.entries()) {
          insertQuestion.run(run.id, position, JSON.stringify(question));
        }
      });
    },

    async getRun(owner, id) {
      const row = await connection.read(() => getRun.get(owner, id));
      return row ? toEvaluationRun(row) : undefined;
    },

    async listRuns(owner, limit) {
      return (await connection.read(() => listRuns.all(owner, limit))).map(toEvaluationRun);
    },

    async findUnfinished(owner, settingsKey) {
      const row = await connection.read(() => findUnfinished.get(owner, settingsKey));
      return row ? toEvaluationRun(row) : undefined;
    },

    async updateRun(owner, id, change) {
      const result = await connection.write(() =>
        updateRun.run({
          owner,
          id,
          status: change.status ?? null,
          bestModel: change.bestModel ?? null,
          spentUsd: change.spentUsd ?? null,
          setMaxCost: change.maxCostUsd !== undefined ? 1 : 0,
          maxCostUsd: change.maxCostUsd ?? null,
          updatedAt: change.updatedAt,
        }),
      );
      return changed(result);
    },

    async readQuestions(owner, runId) {
      return (await connection.read(() => readQuestions.all(runId, runId, owner))).map((row) => parsed(row));
    },
  };
}

type ResultMethods = Omit<EvaluationStore, keyof RunMethods>;

/** The methods of a run's answers, model answers and judgements. */
function resultMethods(connection: SqliteConnection, statements: Statements): ResultMethods {
  const { insertAnswer, insertModelAnswer, insertJudgement, readAnswers, readModelAnswers, readJudgements } =
    statements;
  return {
    async saveAnswer(owner, runId, answer) {
      const { questionId, strategy } = answer;
      const record = JSON.stringify(answer);
      return changed(
        await connection.write(() => insertAnswer.run(runId, questionId, strategy, record, runId, owner)),
      );
    },

    async saveModelAnswer(owner, runId, answer) {
      const { questionId, model } = answer;
      const record = JSON.stringify(answer);
      return changed(
        await connection.write(() => insertModelAnswer.run(runId, questionId, model, record, runId, owner)),
      );
    },

    async saveJudgement(owner, runId, judgement) {
      const { questionId, first, second, judge } = judgement;
      const record = JSON.stringify(judgement);
      return changed(
        await connection.write(() =>
          insertJudgement.run(runId, questionId, first, second, judge, record, runId, owner),
        ),
      );
    },

    async readResults(owner, runId) {
      return connection.read(() => ({
        answers: readAnswers.all(runId, runId, owner).map((row) => parsed(row)),
        modelAnswers: readModelAnswers.all(runId, runId, owner).map((row) => parsed(row)),
        judgements: readJudgements.all(runId, runId, owner).map((row) => parsed(row)),
      }));
    },
  };
}
