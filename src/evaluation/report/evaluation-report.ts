// The report of a stored run, computed from what it stored and nothing else, so a finished, stopped or
// half-done run reports the same way: per strategy its accuracy (and, without a reference, its win rate
// against the best single model) with 95% Wilson intervals, what it cost in all and per right answer, its
// latency p50 and p95; what each strategy fixed and broke against the best single model question by
// question; whether the synthesis's agreement score predicts a right answer (AUROC, reliability diagram,
// expected calibration error, over the answers of the council, the council with review and adaptive);
// and what adaptive consultation saved and lost against the full council and the best single model.
//
// A strategy that gave no answer to a question with a reference counts as wrong there. Cost per right
// answer and accuracy are over the questions with a reference; latencies over the answers given.

import {
  type ComparisonReport,
  type EvaluationJudgement,
  type EvaluationReport,
  type EvaluationRunSummary,
  type EvaluationStrategy,
  evaluationStrategies,
  type StrategyReport,
} from "../../contract/evaluation.ts";
import type { EvaluationAnswerRecord, EvaluationResults } from "../../store/evaluations.ts";
import { auroc } from "../statistics/auroc.ts";
import { costPerCorrect } from "../statistics/cost-per-correct.ts";
import { pairedComparison } from "../statistics/paired-comparison.ts";
import { percentile } from "../statistics/percentile.ts";
import { type Proportion, proportion } from "../statistics/proportion.ts";
import { reliabilityDiagram } from "../statistics/reliability-diagram.ts";
import { winRate } from "../statistics/win-rate.ts";

/** The strategies whose synthesis's agreement score the report checks against correctness. */
export const agreementStrategies: readonly EvaluationStrategy[] = ["council", "council-review", "adaptive"];

/** Bins of the reliability diagram. */
export const calibrationBins = 10;

type CalibrationBinReport = EvaluationReport["agreement"]["bins"][number];

/** The report of `run` from its stored `results`; answers to questions not among `questionIds` are left out. */
export function evaluationReport(
  run: EvaluationRunSummary,
  questionIds: readonly string[],
  results: EvaluationResults,
): EvaluationReport {
  const asked = new Set(questionIds);
  const answers = results.answers.filter((answer) => asked.has(answer.questionId));
  const judgements = results.judgements.filter((judgement) => asked.has(judgement.questionId));
  const byStrategy = (strategy: EvaluationStrategy) =>
    answers.filter((answer) => answer.strategy === strategy);
  const strategies = evaluationStrategies.filter((strategy) => run.strategies.includes(strategy));
  const baseline = byStrategy("best-single");
  return {
    run,
    strategies: strategies.map((strategy) => strategyLine(strategy, byStrategy(strategy), judgements)),
    comparisons: strategies
      .filter((strategy) => strategy !== "best-single")
      .map((strategy) => comparison(strategy, byStrategy(strategy), baseline)),
    agreement: agreementOf(answers),
    adaptive: run.strategies.includes("adaptive")
      ? adaptiveOf(byStrategy("adaptive"), byStrategy("council"), baseline)
      : null,
  };
}

/** One strategy's line. */
function strategyLine(
  strategy: EvaluationStrategy,
  answers: readonly EvaluationAnswerRecord[],
  judgements: readonly EvaluationJudgement[],
): StrategyReport {
  const given = answers.filter((answer) => answer.failure === undefined);
  const graded = gradedOf(answers);
  const correct = graded.filter((answer) => answer.correct).length;
  const decided = judgements.filter(
    (judgement) =>
      judgement.first === strategy && judgement.second === "best-single" && judgement.winner !== "undecided",
  );
  const count = (winner: EvaluationJudgement["winner"]) =>
    decided.filter((judgement) => judgement.winner === winner).length;
  const wins =
    strategy === "best-single"
      ? undefined
      : winRate({ wins: count("first"), ties: count("tie"), losses: count("second") });
  const latencies = given.map((answer) => answer.latencyMs);
  return {
    strategy,
    answered: given.length,
    graded: graded.length,
    correct,
    accuracy: interval(proportion(correct, graded.length)),
    winRate: interval(wins),
    costUsd: answers.reduce((sum, answer) => sum + answer.costUsd, 0),
    costPerCorrectUsd: costPerCorrect(graded).costPerCorrectUsd ?? null,
    latencyP50Ms: percentile(latencies, 50) ?? null,
    latencyP95Ms: percentile(latencies, 95) ?? null,
  };
}

/** What `strategy` fixed and broke against the best single model, over the questions both were graded on. */
function comparison(
  strategy: EvaluationStrategy,
  answers: readonly EvaluationAnswerRecord[],
  baseline: readonly EvaluationAnswerRecord[],
): ComparisonReport {
  const paired = pairedComparison(
    pairs(answers, baseline).map(([candidate, base]) => ({
      baseline: base.correct === true,
      candidate: candidate.correct === true,
    })),
  );
  return {
    strategy,
    fixed: paired.fixed,
    baselineWrong: paired.fixed + paired.bothWrong,
    fixRate: paired.fixRate?.rate ?? null,
    broken: paired.broken,
    baselineRight: paired.broken + paired.bothRight,
    breakRate: paired.breakRate?.rate ?? null,
  };
}

/** The agreement scores of the council strategies' graded answers against their correctness. */
function agreementOf(answers: readonly EvaluationAnswerRecord[]): EvaluationReport["agreement"] {
  const scored = gradedOf(answers)
    .filter((answer) => agreementStrategies.includes(answer.strategy) && answer.agreement !== undefined)
    .map((answer) => ({ score: answer.agreement as number, correct: answer.correct }));
  const diagram = reliabilityDiagram(
    scored.map(({ score, correct }) => ({ confidence: score, correct })),
    calibrationBins,
  );
  return {
    answers: scored.length,
    auroc: auroc(scored) ?? null,
    bins: diagram.bins.map(
      (bin): CalibrationBinReport => ({
        from: bin.low,
        to: bin.high,
        count: bin.count,
        meanConfidence: bin.meanConfidence ?? null,
        accuracy: bin.accuracy ?? null,
      }),
    ),
    expectedCalibrationError: diagram.expectedCalibrationError ?? null,
  };
}

/**
 * What adaptive consultation saved and lost: against the council (cost saved, accuracy lost in points),
 * and against the best single model (extra cost, accuracy gained in points), each over the questions
 * both answered (costs) or were graded on (accuracy); null when the run lacks the other strategy.
 */
function adaptiveOf(
  adaptive: readonly EvaluationAnswerRecord[],
  council: readonly EvaluationAnswerRecord[],
  baseline: readonly EvaluationAnswerRecord[],
): NonNullable<EvaluationReport["adaptive"]> {
  const withPath = adaptive.filter((answer) => answer.adaptivePath !== undefined);
  const cheap = withPath.filter((answer) => answer.adaptivePath === "cheap").length;
  const costGap = (other: readonly EvaluationAnswerRecord[]) => {
    const both = pairs(adaptive, other, false);
    return both.length === 0
      ? null
      : both.reduce((sum, [own, theirs]) => sum + theirs.costUsd - own.costUsd, 0);
  };
  const pointsGap = (other: readonly EvaluationAnswerRecord[]) => {
    const both = pairs(adaptive, other);
    if (both.length === 0) return null;
    const right = (index: 0 | 1) => both.filter((pair) => pair[index].correct === true).length;
    return ((right(1) - right(0)) / both.length) * 100;
  };
  const saved = costGap(council);
  const extra = costGap(baseline);
  const lost = pointsGap(council);
  const gained = pointsGap(baseline);
  return {
    cheapPathShare: withPath.length === 0 ? 0 : cheap / withPath.length,
    savedUsdAgainstCouncil: saved,
    accuracyLostAgainstCouncil: lost,
    extraUsdAgainstBestSingle: extra === null ? null : -extra,
    accuracyGainedAgainstBestSingle: gained === null ? null : -gained,
  };
}

/** Answers graded against a reference. */
function gradedOf(
  answers: readonly EvaluationAnswerRecord[],
): (EvaluationAnswerRecord & { correct: boolean })[] {
  return answers.filter(
    (answer): answer is EvaluationAnswerRecord & { correct: boolean } => answer.correct !== null,
  );
}

/** `answers` paired with `others` by question: both graded (`graded`, the default) or simply both there. */
function pairs(
  answers: readonly EvaluationAnswerRecord[],
  others: readonly EvaluationAnswerRecord[],
  graded = true,
): [EvaluationAnswerRecord, EvaluationAnswerRecord][] {
  const byQuestion = new Map(others.map((answer) => [answer.questionId, answer] as const));
  return answers.flatMap((answer): [EvaluationAnswerRecord, EvaluationAnswerRecord][] => {
    const other = byQuestion.get(answer.questionId);
    if (!other || (graded && (answer.correct === null || other.correct === null))) return [];
    return [[answer, other]];
  });
}

/** A proportion as the report writes it. */
function interval(share: Proportion | undefined): StrategyReport["accuracy"] {
  return share ? { value: share.rate, low: share.low, high: share.high } : null;
}
