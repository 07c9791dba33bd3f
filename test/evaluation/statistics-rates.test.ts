// Rates and their 95% Wilson intervals (accuracy, win rate with ties as half, the fix and break rates of
// a paired comparison) and the cost of a right answer, each checked against arithmetic done by hand in
// the comments, with z = 1.96 (z² = 3.8416).

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { costPerCorrect } from "../../src/evaluation/statistics/cost-per-correct.ts";
import { pairedComparison } from "../../src/evaluation/statistics/paired-comparison.ts";
import { proportion } from "../../src/evaluation/statistics/proportion.ts";
import { winRate } from "../../src/evaluation/statistics/win-rate.ts";

/** `actual` within 1e-6 of `expected`. */
function near(actual: number | undefined, expected: number, name = "value") {
  assert.ok(
    actual !== undefined && Math.abs(actual - expected) < 1e-6,
    `${name}: ${actual} is not ${expected}`,
  );
}

describe("accuracy with its 95% Wilson interval", () => {
  it("8 right of 10", () => {
    // p = 0.8, n = 10; z²/n = 0.38416, so the denominator is 1.38416.
    // centre = (0.8 + 3.8416/20) / 1.38416 = 0.99208 / 1.38416 = 0.716738
    // half   = 1.96 / 1.38416 · √(0.8 · 0.2 / 10 + 3.8416 / 400) = 1.96 / 1.38416 · √0.025604
    //        = 1.96 · 0.1600125 / 1.38416 = 0.226581
    // interval: 0.716738 ± 0.226581 = 0.490157 to 0.943319
    const result = proportion(8, 10);
    assert.equal(result?.rate, 0.8);
    near(result?.low, 0.490157, "low");
    near(result?.high, 0.943319, "high");
  });

  it("none right of 10: the interval starts at 0 and is not empty", () => {
    // centre = (0 + 0.19208) / 1.38416 = 0.138770; half = 1.96 · √0.009604 / 1.38416 = 1.96 · 0.098 / 1.38416
    // = 0.19208 / 1.38416 = 0.138770: 0 to 0.277540.
    const result = proportion(0, 10);
    assert.equal(result?.rate, 0);
    assert.equal(result?.low, 0);
    near(result?.high, 0.27754, "high");
  });

  it("all 5 right: the interval ends at 1", () => {
    // z²/n = 0.76832; centre = (1 + 0.38416) / 1.76832 = 0.782754; half = 1.96 · √(3.8416/100) / 1.76832
    // = 1.96 · 0.196 / 1.76832 = 0.217246: 0.565508 to 1.
    const result = proportion(5, 5);
    near(result?.low, 0.565508, "low");
    assert.equal(result?.high, 1);
  });

  it("is undefined with nothing graded, and refuses more successes than trials", () => {
    assert.equal(proportion(0, 0), undefined);
    assert.throws(() => proportion(11, 10), RangeError);
  });
});

describe("win rate, a tie as half a win", () => {
  it("6 wins, 2 ties and 2 losses", () => {
    // score = (6 + 2/2) / 10 = 0.7. Wilson at p = 0.7, n = 10:
    // centre = (0.7 + 0.19208) / 1.38416 = 0.644492
    // half   = 1.96 / 1.38416 · √(0.7 · 0.3 / 10 + 0.009604) = 1.96 · √0.030604 / 1.38416
    //        = 1.96 · 0.174940 / 1.38416 = 0.247719
    // interval: 0.396773 to 0.892212
    const result = winRate({ wins: 6, ties: 2, losses: 2 });
    near(result?.rate, 0.7, "rate");
    near(result?.low, 0.396773, "low");
    near(result?.high, 0.892211, "high");
    assert.deepEqual([result?.wins, result?.ties, result?.losses, result?.trials], [6, 2, 2, 10]);
  });

  it("all ties is an even 0.5, and no pairs is undefined", () => {
    assert.equal(winRate({ wins: 0, ties: 4, losses: 0 })?.rate, 0.5);
    assert.equal(winRate({ wins: 0, ties: 0, losses: 0 }), undefined);
  });
});

describe("paired comparison", () => {
  it("counts fixes over the baseline's wrong answers and breaks over its right ones", () => {
    const grades = [
      ...Array.from({ length: 5 }, () => ({ baseline: true, candidate: true })),
      { baseline: false, candidate: false },
      ...Array.from({ length: 3 }, () => ({ baseline: false, candidate: true })),
      { baseline: true, candidate: false },
    ];
    // Baseline wrong on 1 + 3 = 4, the candidate right on 3 of them: fix rate 3/4 = 0.75.
    // Baseline right on 5 + 1 = 6, the candidate wrong on 1 of them: break rate 1/6 = 0.166667.
    const result = pairedComparison(grades);
    assert.deepEqual(
      [result.questions, result.bothRight, result.bothWrong, result.fixed, result.broken],
      [10, 5, 1, 3, 1],
    );
    assert.equal(result.fixRate?.rate, 0.75);
    assert.deepEqual([result.fixRate?.successes, result.fixRate?.trials], [3, 4]);
    near(result.breakRate?.rate, 1 / 6, "break rate");
    assert.deepEqual([result.breakRate?.successes, result.breakRate?.trials], [1, 6]);
    // Wilson at 3 of 4: z²/n = 0.9604; centre = (0.75 + 0.4802) / 1.9604 = 0.627525; half = 1.96 / 1.9604 ·
    // √(0.1875/4 + 3.8416/64) = 1.96 · √0.107900 / 1.9604 = 1.96 · 0.328481 / 1.9604 = 0.326889.
    near(result.fixRate?.low, 0.300636, "fix low");
    near(result.fixRate?.high, 0.954414, "fix high");
  });

  it("leaves a rate undefined when the baseline got nothing wrong (or nothing right)", () => {
    const allRight = pairedComparison([
      { baseline: true, candidate: true },
      { baseline: true, candidate: false },
    ]);
    assert.equal(allRight.fixRate, undefined);
    assert.equal(allRight.breakRate?.rate, 0.5);
    assert.equal(pairedComparison([{ baseline: false, candidate: false }]).breakRate, undefined);
  });
});

describe("cost per correct answer", () => {
  it("divides the whole cost, wrong answers included, by the right answers", () => {
    // 0.25 + 0.5 + 0.75 + 1.5 = 3 dollars for 3 right answers: 1 dollar each.
    const result = costPerCorrect([
      { costUsd: 0.25, correct: true },
      { costUsd: 0.5, correct: false },
      { costUsd: 0.75, correct: true },
      { costUsd: 1.5, correct: true },
    ]);
    assert.deepEqual(result, { totalCostUsd: 3, correct: 3, costPerCorrectUsd: 1 });
  });

  it("is undefined when nothing was right", () => {
    assert.deepEqual(costPerCorrect([{ costUsd: 0.5, correct: false }]), {
      totalCostUsd: 0.5,
      correct: 0,
      costPerCorrectUsd: undefined,
    });
  });
});
