// Latency percentiles by nearest rank, the AUROC of a score predicting right answers (Mann–Whitney, ties
// as half), and the reliability diagram with its expected calibration error, each checked against
// arithmetic done by hand in the comments.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { auroc } from "../../src/evaluation/statistics/auroc.ts";
import { percentile } from "../../src/evaluation/statistics/percentile.ts";
import { reliabilityDiagram } from "../../src/evaluation/statistics/reliability-diagram.ts";

describe("latency percentiles (nearest rank)", () => {
  it("p50 and p95 of twenty latencies are the 10th and 19th smallest", () => {
    // n = 20: p50 is rank ⌈0.5 · 20⌉ = 10, p95 is rank ⌈0.95 · 20⌉ = 19, in ascending order.
    const latencies = [
      1300, 200, 2000, 700, 100, 1900, 500, 1000, 1600, 300, 1800, 400, 1100, 600, 1500, 800, 1700, 900, 1200,
      1400,
    ];
    assert.equal(percentile(latencies, 50), 1000);
    assert.equal(percentile(latencies, 95), 1900);
  });

  it("takes a measured value, never a blend, on a few values", () => {
    // n = 3 of [1, 3, 5]: p50 is rank ⌈1.5⌉ = 2, the value 3; p95 is rank ⌈2.85⌉ = 3, the value 5 (linear
    // interpolation would give 4.8); p1 is rank ⌈0.03⌉ = 1; p100 is the largest.
    assert.equal(percentile([5, 1, 3], 50), 3);
    assert.equal(percentile([5, 1, 3], 95), 5);
    assert.equal(percentile([5, 1, 3], 1), 1);
    assert.equal(percentile([5, 1, 3], 100), 5);
    assert.equal(percentile([4, 2], 50), 2, "rank ⌈0.5 · 2⌉ = 1");
  });

  it("is undefined without values and refuses a percentile outside 0 to 100", () => {
    assert.equal(percentile([], 50), undefined);
    assert.throws(() => percentile([1], 0), RangeError);
    assert.throws(() => percentile([1], 101), RangeError);
  });
});

describe("AUROC (Mann–Whitney, ties as half)", () => {
  it("counts every pair of one right and one wrong answer", () => {
    // Right scores 0.9, 0.8, 0.5; wrong scores 0.7, 0.5, 0.2: 3 · 3 = 9 pairs.
    // 0.9 beats all three: 3. 0.8 beats all three: 3. 0.5 loses to 0.7, ties 0.5 (½), beats 0.2: 1.5.
    // AUROC = (3 + 3 + 1.5) / 9 = 7.5 / 9 = 0.833333.
    const grades = [
      { score: 0.9, correct: true },
      { score: 0.7, correct: false },
      { score: 0.5, correct: true },
      { score: 0.8, correct: true },
      { score: 0.2, correct: false },
      { score: 0.5, correct: false },
    ];
    assert.ok(Math.abs((auroc(grades) ?? 0) - 7.5 / 9) < 1e-12);
  });

  it("is 1 for a perfect separation, 0 for a reversed one and 0.5 when every score is equal", () => {
    const graded = (right: number[], wrong: number[]) => [
      ...right.map((score) => ({ score, correct: true })),
      ...wrong.map((score) => ({ score, correct: false })),
    ];
    assert.equal(auroc(graded([0.9, 0.8], [0.1, 0.2])), 1);
    assert.equal(auroc(graded([0.1, 0.2], [0.9, 0.8])), 0);
    assert.equal(auroc(graded([0.5, 0.5], [0.5])), 0.5);
  });

  it("is undefined when every answer is right, or every one wrong", () => {
    assert.equal(auroc([{ score: 0.4, correct: true }]), undefined);
    assert.equal(auroc([{ score: 0.4, correct: false }]), undefined);
    assert.equal(auroc([]), undefined);
  });
});

describe("reliability diagram", () => {
  it("bins by confidence, with mean confidence, accuracy and count, and the expected calibration error", () => {
    const grades = [
      { confidence: 0.1, correct: false },
      { confidence: 0.15, correct: false },
      { confidence: 0.3, correct: true },
      { confidence: 0.6, correct: true },
      { confidence: 0.9, correct: true },
      { confidence: 0.9, correct: true },
      { confidence: 0.8, correct: false },
      { confidence: 1, correct: true },
    ];
    // Five bins of width 0.2; n = 8.
    //   [0, 0.2):   0.1 and 0.15, both wrong: mean 0.125, accuracy 0, gap 0.125
    //   [0.2, 0.4): 0.3, right: mean 0.3, accuracy 1, gap 0.7
    //   [0.4, 0.6): empty
    //   [0.6, 0.8): 0.6 (on the edge, so in the bin above 0.6), right: mean 0.6, accuracy 1, gap 0.4
    //   [0.8, 1]:   0.9, 0.9, 0.8, 1 (1 in the last bin): mean 3.6 / 4 = 0.9, accuracy 3/4, gap 0.15
    // ECE = 2/8 · 0.125 + 1/8 · 0.7 + 1/8 · 0.4 + 4/8 · 0.15 = 0.03125 + 0.0875 + 0.05 + 0.075 = 0.24375
    const diagram = reliabilityDiagram(grades, 5);
    const rows = diagram.bins.map((bin) => [bin.low, bin.high, bin.count, bin.meanConfidence, bin.accuracy]);
    assert.equal(rows.length, 5);
    assert.deepEqual(rows[0], [0, 0.2, 2, 0.125, 0]);
    assert.deepEqual(rows[1], [0.2, 0.4, 1, 0.3, 1]);
    assert.deepEqual(rows[2], [0.4, 0.6, 0, undefined, undefined]);
    assert.deepEqual(rows[3], [0.6, 0.8, 1, 0.6, 1]);
    assert.deepEqual([rows[4]?.[2], rows[4]?.[4]], [4, 0.75]);
    assert.ok(Math.abs((rows[4]?.[3] ?? 0) - 0.9) < 1e-12);
    assert.ok(Math.abs((diagram.expectedCalibrationError ?? 0) - 0.24375) < 1e-12);
  });

  it("puts a confidence on an edge in the bin above it, despite rounding", () => {
    // 0.29 · 100 is 28.999999999999996 in floating point; it still belongs to the bin [0.29, 0.30).
    const diagram = reliabilityDiagram([{ confidence: 0.29, correct: true }], 100);
    assert.equal(diagram.bins[29]?.count, 1);
    assert.equal(reliabilityDiagram([{ confidence: 0.2, correct: true }], 10).bins[2]?.count, 1);
  });

  it("is perfectly calibrated when accuracy matches confidence, and has no error without answers", () => {
    // Two answers at 0.5, one right: accuracy 0.5 equals the mean confidence 0.5.
    const halves = reliabilityDiagram([
      { confidence: 0.5, correct: true },
      { confidence: 0.5, correct: false },
    ]);
    assert.equal(halves.expectedCalibrationError, 0);
    assert.equal(reliabilityDiagram([]).expectedCalibrationError, undefined);
    assert.equal(reliabilityDiagram([]).bins.length, 10);
  });

  it("refuses a confidence outside 0 to 1 and a bin count that is not a whole number", () => {
    assert.throws(() => reliabilityDiagram([{ confidence: 1.2, correct: true }]), RangeError);
    assert.throws(() => reliabilityDiagram([{ confidence: Number.NaN, correct: true }]), RangeError);
    assert.throws(() => reliabilityDiagram([], 0), RangeError);
  });
});
