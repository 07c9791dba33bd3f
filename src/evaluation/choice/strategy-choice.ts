// `strategy: "auto"`: the strategy to ask a question with, chosen from the user's own eval runs. Among the
// strategies a consultation can run (one model, the adaptive council, the full council; the eval's
// `sampled-single` is left out, since a consultation cannot yet sample one model several times), the
// one most accurate per dollar (accuracy over the mean cost of an answer) on the graded questions of the
// category closest to the question, leaving out any whose mean cost is over the cap. No evidence: the
// panel's default, and the reason says so.

import {
  autoStrategies,
  type StrategyChoice,
  type StrategyEvidence,
} from "../../contract/strategy-choice.ts";
import type { RunOutcomes } from "../statistics/error-correlation.ts";
import { closestCategory } from "./question-category.ts";

/** A stored run with the model its single-model strategies asked. */
export interface RunEvidence extends RunOutcomes {
  bestModel: string | null;
}

type AutoStrategy = (typeof autoStrategies)[number];

/** A strategy's answers pooled over the runs. */
interface Pooled {
  strategy: AutoStrategy;
  answers: number;
  right: number;
  costUsd: number;
}

/** Each run's evidence per strategy on the questions of `category` (every question when undefined). */
function evidenceOf(runs: readonly RunEvidence[], category: string | undefined): StrategyEvidence[] {
  const lines: StrategyEvidence[] = [];
  for (const run of runs) {
    const inCategory = new Set(
      run.questions
        .filter((question) => category === undefined || question.tags[0] === category)
        .map((question) => question.id),
    );
    for (const strategy of autoStrategies) {
      const graded = run.results.answers.filter(
        (answer) =>
          answer.strategy === strategy && answer.correct !== null && inCategory.has(answer.questionId),
      );
      if (graded.length === 0) continue;
      const right = graded.filter((answer) => answer.correct).length;
      const spent = graded.reduce((sum, answer) => sum + answer.costUsd, 0);
      lines.push({
        run: run.runId,
        strategy,
        answers: graded.length,
        accuracy: right / graded.length,
        costUsd: spent / graded.length,
      });
    }
  }
  return lines;
}

/** The lines of each strategy pooled over the runs, in the order of {@link autoStrategies}. */
function pooled(lines: readonly StrategyEvidence[]): Pooled[] {
  return autoStrategies.flatMap((strategy) => {
    const own = lines.filter((line) => line.strategy === strategy);
    if (own.length === 0) return [];
    const answers = own.reduce((sum, line) => sum + line.answers, 0);
    const right = own.reduce((sum, line) => sum + line.accuracy * line.answers, 0);
    const costUsd = own.reduce((sum, line) => sum + line.costUsd * line.answers, 0) / answers;
    return [{ strategy, answers, right: Math.round(right), costUsd }];
  });
}

/** Accuracy per dollar; a strategy that cost nothing is worth its accuracy over a hundredth of a cent. */
const accuracyPerDollar = (line: Pooled) => line.right / line.answers / Math.max(line.costUsd, 0.0001);

const percent = (value: number) => `${Math.round(value * 100)}%`;
const usd = (value: number) => `$${value.toFixed(4)}`;

/** The strategy to ask `question` with, from `runs` (newest first), within `maxCostUsd` when given. */
export function chooseStrategy(
  runs: readonly RunEvidence[],
  question: string,
  maxCostUsd?: number,
): StrategyChoice {
  const category = closestCategory(
    question,
    runs.flatMap((run) => run.questions),
  );
  const evidence = evidenceOf(runs, category);
  const fallback = (reason: string): StrategyChoice => ({
    chosen: "panel-default",
    category: category ?? null,
    reason,
    evidence,
  });
  if (evidence.length === 0) return fallback("no eval history to choose from, so the panel's default");
  const within = pooled(evidence).filter((line) => maxCostUsd === undefined || line.costUsd <= maxCostUsd);
  if (within.length === 0) {
    return fallback(
      `no strategy's mean cost fits the cap of ${usd(maxCostUsd ?? 0)}, so the panel's default`,
    );
  }
  const best = within.reduce((leader, line) =>
    accuracyPerDollar(line) > accuracyPerDollar(leader) ? line : leader,
  );
  if (best.right === 0)
    return fallback("no strategy answered right in its eval runs, so the panel's default");
  const model = best.strategy === "best-single" ? runs.find((run) => run.bestModel)?.bestModel : undefined;
  const where = category ? `on ${category} questions` : "on all questions";
  const capped = maxCostUsd === undefined ? "" : ` within ${usd(maxCostUsd)}`;
  return {
    chosen: best.strategy,
    ...(model ? { model } : {}),
    category: category ?? null,
    reason: `most accurate per dollar ${where}${capped}: ${percent(best.right / best.answers)} right at ${usd(best.costUsd)} an answer over ${best.answers} answers`,
    evidence,
  };
}
