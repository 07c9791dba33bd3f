// Which mistakes the models made together in the user's own eval runs: every graded answer a model gave
// alone (the first pass) or inside a council (its opinion, graded against the question's reference),
// as wrong or right per question, then per pair of models the phi coefficient over the questions both
// answered. independent-votes.ts turns these into the panel's number of independent votes.

import type { EvaluationQuestionRecord, EvaluationResults } from "../../store/evaluations.ts";
import { gradeAnswer } from "../grading/grade-answer.ts";
import { type MeasuredPair, pairKey, phiCoefficient } from "./independent-votes.ts";

/** One stored run, as error-correlation reads it. */
export interface RunOutcomes {
  runId: string;
  questions: readonly EvaluationQuestionRecord[];
  results: EvaluationResults;
}

/** The fewest questions both models must have answered for their correlation to be measured. */
export const minimumSharedQuestions = 5;

/** Each question of each run (by run and question id): which models answered it wrongly (true) or rightly. */
function outcomesOf(
  runs: readonly RunOutcomes[],
): Map<string, { runId: string; wrong: Map<string, boolean> }> {
  const outcomes = new Map<string, { runId: string; wrong: Map<string, boolean> }>();
  const record = (runId: string, questionId: string, model: string, correct: boolean) => {
    const key = `${runId}\u0000${questionId}`;
    const entry = outcomes.get(key) ?? { runId, wrong: new Map<string, boolean>() };
    if (!entry.wrong.has(model)) entry.wrong.set(model, !correct);
    outcomes.set(key, entry);
  };
  for (const run of runs) {
    const questions = new Map(run.questions.map((question) => [question.id, question]));
    for (const answer of run.results.modelAnswers) {
      if (answer.correct !== null && answer.failure === undefined)
        record(run.runId, answer.questionId, answer.model, answer.correct);
    }
    for (const answer of run.results.answers) {
      const question = questions.get(answer.questionId);
      if (!question) continue;
      for (const opinion of answer.opinions ?? []) {
        const grade = opinion.failed ? undefined : gradeAnswer(question, opinion.answer);
        if (grade) record(run.runId, question.id, opinion.model, grade.correct);
      }
    }
  }
  return outcomes;
}

/**
 * The error correlation of each pair of `models` measured in `runs` (by pairKey): pairs that shared
 * fewer than minimumSharedQuestions questions, or whose correlation is not defined there, are left out.
 */
export function measuredCorrelations(
  models: readonly string[],
  runs: readonly RunOutcomes[],
): Map<string, MeasuredPair> {
  const outcomes = [...outcomesOf(runs).values()];
  const measured = new Map<string, MeasuredPair>();
  for (const [i, first] of models.entries()) {
    for (const second of models.slice(i + 1)) {
      const shared = outcomes.filter((entry) => entry.wrong.has(first) && entry.wrong.has(second));
      const correlation = phiCoefficient(
        shared.map((entry) => [entry.wrong.get(first) === true, entry.wrong.get(second) === true] as const),
      );
      if (correlation === undefined || shared.length < minimumSharedQuestions) continue;
      measured.set(pairKey(first, second), {
        correlation: Math.round(correlation * 1000) / 1000,
        questions: shared.length,
        runs: [...new Set(shared.map((entry) => entry.runId))],
      });
    }
  }
  return measured;
}
