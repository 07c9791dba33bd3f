// The evaluation use cases: run (or resume) an evaluation, list the caller's runs, read a run's report.
// A run is stored with its questions and settings before any model is asked, and every answer as it is
// given; `--resume ID`, or a new run with the settings of one not finished (unless `fresh`), goes on
// from what is stored (start-run.ts). Its calls go through the engine with each provider's requests
// capped, and hold their worst case against the run's cost cap. A run that reaches its cap is `stopped`;
// one cancelled is `stopped` too; one that fails for another reason is `failed`; each can be resumed.
// What only a run or a report needs is loaded at its first use.

import {
  type EvaluationList,
  type EvaluationReport,
  evaluationListInput,
  evaluationReportInput,
  evaluationRunInput,
} from "../../contract/evaluation.ts";
import { ServiceError } from "../../contract/service-error.ts";
import { validateInput } from "../../contract/validate-input.ts";
import type { QuestionWindow } from "../../evaluation/report/question-results.ts";
import type { Caller } from "../caller.ts";
import type { EvaluationDependencies, EvaluationRunOptions } from "./evaluation-dependencies.ts";
import { summaryOf } from "./run-summary.ts";

/** The evaluation use cases. */
export interface EvaluationUseCases {
  /**
   * Runs the evaluation `input` asks for, or resumes one; resolves with its report when it finished
   * or stopped at its cost cap. Throws invalid_argument, unknown_model or not_found before anything is
   * asked, and `cancelled` when `options.signal` stops it (the run stays, to resume).
   */
  runEvaluation(caller: Caller, input: unknown, options: EvaluationRunOptions): Promise<EvaluationReport>;
  /** The caller's runs, newest first. */
  listEvaluations(caller: Caller, input?: unknown): Promise<EvaluationList>;
  /**
   * The report of the caller's run `{ runId }`, computed from what it stored; with `questions`
   * (`{ offset, limit }`, every question when `limit` is absent), its per-question results too.
   */
  evaluationReport(caller: Caller, input: unknown): Promise<EvaluationReport>;
}

/** Runs listed unless told. */
const defaultListLimit = 50;

/** Builds the evaluation use cases. */
export function createEvaluationUseCases(
  dependencies: Omit<EvaluationDependencies, "findRun">,
): EvaluationUseCases {
  const { services, admission } = dependencies;
  const store = services.store.evaluations;
  const findRun = async (caller: Caller, runId: string) => {
    const found = await store.getRun(caller.userId, runId);
    if (!found) {
      throw new ServiceError(
        "not_found",
        `There is no evaluation run "${runId}" among yours: ai-universe eval --list shows them.`,
      );
    }
    return found;
  };
  const reportOf = async (
    caller: Caller,
    runId: string,
    window?: QuestionWindow,
  ): Promise<EvaluationReport> => {
    const record = await findRun(caller, runId);
    const [{ evaluationReport }, { questionResults }, questions, results] = await Promise.all([
      import("../../evaluation/report/evaluation-report.ts"),
      import("../../evaluation/report/question-results.ts"),
      store.readQuestions(caller.userId, record.id),
      store.readResults(caller.userId, record.id),
    ]);
    const report = evaluationReport(
      summaryOf(record),
      questions.map((question) => question.id),
      results,
    );
    if (!window) return report;
    const strategies = report.strategies.map((line) => line.strategy);
    return { ...report, questions: questionResults(questions, strategies, results, window) };
  };

  return {
    async runEvaluation(caller, input, options) {
      const request = validateInput(evaluationRunInput, input);
      await admission.admit(caller);
      const { startRun } = await import("./start-run.ts");
      const runId = await startRun({ ...dependencies, findRun }, caller, request, options);
      return reportOf(caller, runId);
    },

    async listEvaluations(caller, input = {}) {
      const request = validateInput(evaluationListInput, input);
      await admission.admit(caller);
      const runs = await store.listRuns(caller.userId, request.limit ?? defaultListLimit);
      return { runs: runs.map(summaryOf) };
    },

    async evaluationReport(caller, input) {
      const { runId, questions } = validateInput(evaluationReportInput, input);
      await admission.admit(caller);
      return reportOf(caller, runId, questions);
    },
  };
}
