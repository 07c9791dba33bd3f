// Finds the best single model when none is named: each panel model answers the first questions of the
// set that have a reference (ten, or all when there are fewer), alone; the most accurate wins, then the
// cheapest of those (what its answers cost in all), then the first in the panel's order. Each answer is
// stored as it comes, so a resumed first pass asks only what is missing, and the winner's answers serve
// as its best-single answers to those questions (they are not asked again).

import type { ModelAnswerRecord } from "../../store/evaluations.ts";
import type { Question } from "../questions/question.ts";

/** How many questions with a reference the first pass asks each panel model. */
export const firstPassQuestions = 10;

/** The questions the first pass asks: the first ones with a reference, in the set's order. */
export function firstPassSample(questions: readonly Question[]): Question[] {
  return questions.filter((question) => question.answer !== undefined).slice(0, firstPassQuestions);
}

/** The best of `panel` by its answers to the sample: most right, then cheapest, then first in the panel. */
export function bestOfPanel(panel: readonly string[], answers: readonly ModelAnswerRecord[]): string {
  const scored = panel.map((model, place) => {
    const own = answers.filter((answer) => answer.model === model);
    return {
      model,
      place,
      right: own.filter((answer) => answer.correct === true).length,
      costUsd: own.reduce((sum, answer) => sum + answer.costUsd, 0),
    };
  });
  scored.sort(
    (one, other) => other.right - one.right || one.costUsd - other.costUsd || one.place - other.place,
  );
  const best = scored[0];
  if (!best) throw new Error("The panel has no model.");
  return best.model;
}
