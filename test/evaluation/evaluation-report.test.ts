// The report of a stored run, checked against values worked out by hand (the arithmetic is in the
// comments): accuracy and win rate with their 95% Wilson intervals, cost per right answer, latency
// percentiles, fix and break rates against the best single model, the agreement score's AUROC,
// reliability bins and expected calibration error, and adaptive consultation's savings and losses.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { EvaluationJudgement, EvaluationRunSummary } from "../../src/contract/evaluation.ts";
import { evaluationReport } from "../../src/evaluation/report/evaluation-report.ts";
import type { EvaluationAnswerRecord } from "../../src/store/evaluations.ts";

const run: EvaluationRunSummary = {
  id: "run-1",
  createdAt: "2026-01-01T00:00:00.000Z",
  status: "finished",
  questionSet: { name: "hand.jsonl", questions: 6 },
  strategies: ["best-single", "council", "adaptive"],
  bestModel: "alpha",
  samples: 3,
  panel: ["alpha", "beta", "gamma"],
  judges: ["omega", "sigma"],
  maxCostUsd: null,
  spentUsd: 0.5,
};

type Row = [string, boolean | null, number, number, number?, EvaluationAnswerRecord["adaptivePath"]?];
const answers = (strategy: EvaluationAnswerRecord["strategy"], rows: Row[]): EvaluationAnswerRecord[] =>
  rows.map(([questionId, correct, costUsd, latencyMs, agreement, adaptivePath]) => ({
    questionId,
    strategy,
    answer: "Answer: x",
    correct,
    costUsd,
    latencyMs,
    ...(agreement !== undefined ? { agreement } : {}),
    ...(adaptivePath ? { adaptivePath } : {}),
  }));

// q1 to q5 have a reference; q6 has none and is judged.
const bestSingle = answers("best-single", [
  ["q1", true, 0.01, 100],
  ["q2", true, 0.01, 200],
  ["q3", false, 0.01, 300],
  ["q4", false, 0.01, 400],
  ["q5", true, 0.01, 500],
  ["q6", null, 0.01, 600],
]);
const council = answers("council", [
  ["q1", true, 0.04, 1000, 0.9],
  ["q2", false, 0.04, 1200, 0.3],
  ["q3", true, 0.04, 900, 0.75],
  ["q4", true, 0.04, 1100, 0.6],
  ["q5", true, 0.04, 5000, 0.95],
  ["q6", null, 0.04, 800],
]);
const adaptive = [
  ...answers("adaptive", [
    ["q1", true, 0.01, 300, 0.85, "cheap"],
    ["q2", false, 0.05, 2000, 0.2, "escalated"],
    ["q3", false, 0.01, 350, 0.8, "cheap"],
    ["q4", true, 0.05, 2500, 0.4, "escalated"],
  ]),
  // No answer: wrong on a question with a reference, its cost counted, its latency not.
  {
    ...answers("adaptive", [["q5", false, 0.02, 50]])[0],
    failure: "every model failed",
  } as EvaluationAnswerRecord,
];
const judgement = (judge: string, winner: EvaluationJudgement["winner"]): EvaluationJudgement => ({
  questionId: "q6",
  first: "council",
  second: "best-single",
  judge,
  prompts: ["a", "b"],
  replies: ["Verdict: A", "Verdict: B"],
  winner,
  costUsd: 0.001,
});

const report = evaluationReport(run, ["q1", "q2", "q3", "q4", "q5", "q6"], {
  answers: [...bestSingle, ...council, ...adaptive],
  modelAnswers: [],
  judgements: [judgement("omega", "first"), judgement("sigma", "tie"), judgement("tau", "undecided")],
});

const close = (actual: number | null | undefined, expected: number, label: string) =>
  assert.ok(
    actual !== null && actual !== undefined && Math.abs(actual - expected) < 1e-6,
    `${label}: ${actual} ≠ ${expected}`,
  );
const line = (strategy: string) => {
  const found = report.strategies.find((entry) => entry.strategy === strategy);
  assert.ok(found, strategy);
  return found;
};

describe("the evaluation report", () => {
  it("gives each strategy's accuracy with its Wilson interval, cost per right answer and latencies", () => {
    assert.deepEqual(
      report.strategies.map((entry) => entry.strategy),
      ["best-single", "council", "adaptive"],
    );
    // best-single: 3 right of 5 graded (q6 has no reference). p = 0.6, n = 5, z² = 3.8416:
    //   centre = (0.6 + 3.8416/10) / (1 + 3.8416/5) = 0.98416 / 1.76832 = 0.556551
    //   half   = 1.96 / 1.76832 · √(0.6·0.4/5 + 3.8416/100) = 1.108397 · 0.293966 = 0.325831
    //   interval 0.230720 to 0.882382.
    const best = line("best-single");
    assert.equal(best.answered, 6);
    assert.equal(best.graded, 5);
    assert.equal(best.correct, 3);
    close(best.accuracy?.value, 0.6, "best accuracy");
    close(best.accuracy?.low, 0.2307199, "best low");
    close(best.accuracy?.high, 0.8823818, "best high");
    // Cost: 6 × $0.01 = $0.06 in all; per right answer the graded answers' $0.05 over 3 = $0.016667.
    close(best.costUsd, 0.06, "best cost");
    close(best.costPerCorrectUsd, 0.05 / 3, "best per right");
    // Latencies 100..600 ms, n = 6: p50 is rank ⌈0.5·6⌉ = 3 → 300; p95 is rank ⌈0.95·6⌉ = 6 → 600.
    assert.equal(best.latencyP50Ms, 300);
    assert.equal(best.latencyP95Ms, 600);
    assert.equal(best.winRate, null);

    // council: 4 right of 5 → 0.8, interval 0.375528 to 0.963777 (as above with p = 0.8).
    const councilLine = line("council");
    close(councilLine.accuracy?.value, 0.8, "council accuracy");
    close(councilLine.accuracy?.low, 0.3755283, "council low");
    close(councilLine.accuracy?.high, 0.9637768, "council high");
    // $0.24 in all; the graded $0.20 over 4 right = $0.05. Latencies sorted 800, 900, 1000, 1100,
    // 1200, 5000: p50 rank 3 → 1000, p95 rank 6 → 5000.
    close(councilLine.costUsd, 0.24, "council cost");
    close(councilLine.costPerCorrectUsd, 0.05, "council per right");
    assert.equal(councilLine.latencyP50Ms, 1000);
    assert.equal(councilLine.latencyP95Ms, 5000);

    // adaptive: q5 gave no answer, so it is wrong: 2 right of 5 → 0.4, interval 0.117618 to 0.769280.
    // 4 answered; cost 0.01 + 0.05 + 0.01 + 0.05 + 0.02 = $0.14, per right answer $0.07; latencies of
    // the 4 answers sorted 300, 350, 2000, 2500: p50 rank 2 → 350, p95 rank 4 → 2500.
    const adaptiveLine = line("adaptive");
    assert.equal(adaptiveLine.answered, 4);
    assert.equal(adaptiveLine.graded, 5);
    close(adaptiveLine.accuracy?.value, 0.4, "adaptive accuracy");
    close(adaptiveLine.accuracy?.low, 0.1176182, "adaptive low");
    close(adaptiveLine.accuracy?.high, 0.7692801, "adaptive high");
    close(adaptiveLine.costUsd, 0.14, "adaptive cost");
    close(adaptiveLine.costPerCorrectUsd, 0.07, "adaptive per right");
    assert.equal(adaptiveLine.latencyP50Ms, 350);
    assert.equal(adaptiveLine.latencyP95Ms, 2500);
  });

  it("gives the win rate against the best single model from the judges, ties as half, undecided left out", () => {
    // q6: omega prefers the council (a win), sigma calls a tie, tau gave no verdict (left out):
    //   (1 + 1/2) / 2 = 0.75, n = 2: centre = (0.75 + 3.8416/4) / (1 + 3.8416/2) = 1.7104 / 2.9208
    //   = 0.585593, half = 1.96 / 2.9208 · √(0.75·0.25/2 + 3.8416/16) = 0.671049 · 0.577798 = 0.387731.
    const councilLine = line("council");
    close(councilLine.winRate?.value, 0.75, "win rate");
    close(councilLine.winRate?.low, 0.1978625, "win low");
    close(councilLine.winRate?.high, 0.9733235, "win high");
    assert.equal(line("adaptive").winRate, null);
  });

  it("counts what each strategy fixed and broke against the best single model", () => {
    // The best single model is wrong on q3 and q4, right on q1, q2 and q5.
    // council: right on q3 and q4 (2 of 2 fixed), wrong on q2 (1 of 3 broken).
    // adaptive: right on q4 only (1 of 2), wrong on q2 and q5 (2 of 3).
    assert.deepEqual(report.comparisons, [
      {
        strategy: "council",
        fixed: 2,
        baselineWrong: 2,
        fixRate: 1,
        broken: 1,
        baselineRight: 3,
        breakRate: 1 / 3,
      },
      {
        strategy: "adaptive",
        fixed: 1,
        baselineWrong: 2,
        fixRate: 0.5,
        broken: 2,
        baselineRight: 3,
        breakRate: 2 / 3,
      },
    ]);
  });

  it("checks the agreement score against correctness: AUROC, reliability bins and calibration error", () => {
    // The 9 graded answers with a score: right 0.9, 0.75, 0.6, 0.95, 0.85, 0.4; wrong 0.3, 0.2, 0.8.
    // Wrong ones below each right one: 3, 2, 2, 3, 3, 2 = 15 of 6 × 3 = 18 pairs: AUROC 15/18.
    const { agreement } = report;
    assert.equal(agreement.answers, 9);
    close(agreement.auroc, 15 / 18, "auroc");
    // Bins of a tenth: 0.2 (wrong) in bin 2, 0.3 (wrong) in 3, 0.4 in 4, 0.6 in 6, 0.75 in 7, 0.8 (wrong)
    // and 0.85 in 8, 0.9 and 0.95 in 9.
    const filled = agreement.bins.filter((bin) => bin.count > 0);
    assert.deepEqual(
      filled.map((bin) => [Math.round(bin.from * 10), bin.count, bin.accuracy]),
      [
        [2, 1, 0],
        [3, 1, 0],
        [4, 1, 1],
        [6, 1, 1],
        [7, 1, 1],
        [8, 2, 0.5],
        [9, 2, 1],
      ],
    );
    close(filled.at(-2)?.meanConfidence, 0.825, "bin 8 mean");
    assert.equal(agreement.bins.length, 10);
    assert.equal(agreement.bins[0]?.meanConfidence, null);
    // ECE = (1·0.2 + 1·0.3 + 1·0.6 + 1·0.4 + 1·0.25 + 2·|0.5 − 0.825| + 2·|1 − 0.925|) / 9 = 2.55 / 9.
    close(agreement.expectedCalibrationError, 2.55 / 9, "ece");
  });

  it("says what adaptive consultation saved and lost against the council and the best single model", () => {
    // Paths: cheap on q1 and q3, escalated on q2 and q4; q5 took none: 2 of 4 cheap.
    // Against the council (q1 to q5): it cost $0.20 − $0.14 = $0.06 less, and was right 2 times of 5
    // where the council was 4 times: (4 − 2) / 5 = 40 points lost.
    // Against the best single model: $0.14 − $0.05 = $0.09 more, and (2 − 3) / 5 = −20 points gained.
    const found = report.adaptive;
    assert.ok(found);
    close(found.cheapPathShare, 0.5, "cheap share");
    close(found.savedUsdAgainstCouncil, 0.06, "saved");
    close(found.accuracyLostAgainstCouncil, 40, "lost");
    close(found.extraUsdAgainstBestSingle, 0.09, "extra");
    close(found.accuracyGainedAgainstBestSingle, -20, "gained");
  });

  it("reports nothing of adaptive consultation for a run without it, and leaves out unknown questions", () => {
    const without = evaluationReport({ ...run, strategies: ["best-single", "council"] }, ["q1"], {
      answers: [...bestSingle, ...council],
      modelAnswers: [],
      judgements: [],
    });
    assert.equal(without.adaptive, null);
    assert.equal(without.strategies[0]?.answered, 1);
    assert.equal(without.strategies[0]?.correct, 1);
  });
});
