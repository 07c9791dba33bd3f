// The number of independent votes a panel is worth: Kish's n² / Σᵢⱼ ρᵢⱼ over the phi coefficients of
// the models' wrong/right outcomes, checked against arithmetic done by hand; pairs never measured take
// the family prior and say so; and the outcomes are read from stored eval runs as the store keeps them.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { describeIndependentVotes } from "../../src/contract/claims.ts";
import { measuredCorrelations } from "../../src/evaluation/statistics/error-correlation.ts";
import {
  effectiveCount,
  independentVotesOf,
  otherFamilyCorrelation,
  pairKey,
  phiCoefficient,
  sameFamilyCorrelation,
} from "../../src/evaluation/statistics/independent-votes.ts";
import type { EvaluationResults } from "../../src/store/evaluations.ts";

const family = (families: Record<string, string>) => (model: string) => families[model] ?? model;

describe("phi coefficient of two models' mistakes", () => {
  it("is 1 for the same mistakes, -1 for opposite ones, 0 for independent ones, undefined without spread", () => {
    assert.equal(
      phiCoefficient([
        [true, true],
        [false, false],
        [true, true],
        [false, false],
      ]),
      1,
    );
    assert.equal(
      phiCoefficient([
        [true, false],
        [false, true],
      ]),
      -1,
    );
    // Each of the four cells once: (1·1 − 1·1) / √(2·2·2·2) = 0.
    assert.equal(
      phiCoefficient([
        [true, true],
        [true, false],
        [false, true],
        [false, false],
      ]),
      0,
    );
    assert.equal(
      phiCoefficient([
        [false, false],
        [false, true],
      ]),
      undefined,
    );
    // 2 both wrong, 1 only first, 0 only second, 3 both right: (2·3 − 1·0) / √(3·3·2·4) = 6 / √72.
    const phi = phiCoefficient([
      [true, true],
      [true, true],
      [true, false],
      [false, false],
      [false, false],
      [false, false],
    ]);
    assert.ok(Math.abs((phi ?? 0) - 6 / Math.sqrt(72)) < 1e-9);
  });
});

describe("Kish's effective count", () => {
  it("is 1 for models that err together, n for independent ones, and clips negative correlations", () => {
    assert.equal(
      effectiveCount(4, () => 1),
      1,
    );
    assert.equal(
      effectiveCount(4, () => 0),
      4,
    );
    assert.equal(
      effectiveCount(3, () => -0.5),
      3,
    );
    // Three models, ρ = 0.5 everywhere: 9 / (3 + 6·0.5) = 1.5.
    assert.equal(
      effectiveCount(3, () => 0.5),
      1.5,
    );
  });

  it("falls back on the families, and says so", () => {
    const votes = independentVotesOf(
      ["gpt", "o-mini", "claude", "gemini"],
      new Map(),
      family({ gpt: "openai", "o-mini": "openai", claude: "anthropic", gemini: "google" }),
    );
    // One same-family pair at 0.6, five others at 0.4: 16 / (4 + 2·(0.6 + 5·0.4)) = 16 / 9.2 ≈ 1.7.
    assert.equal(sameFamilyCorrelation, 0.6);
    assert.equal(otherFamilyCorrelation, 0.4);
    assert.equal(votes.value, 1.7);
    assert.equal(votes.source, "families");
    assert.equal(votes.runs, 0);
    assert.ok(votes.pairs.every((pair) => pair.source === "families"));
    assert.equal(describeIndependentVotes(votes), "4 models ≈ 1.7 independent votes (from model families)");
  });

  it("uses a measured pair where there is one, and names the runs", () => {
    const measured = new Map([[pairKey("a", "b"), { correlation: 1, questions: 8, runs: ["r1", "r2"] }]]);
    const votes = independentVotesOf(["a", "b"], measured, family({}));
    assert.deepEqual(
      { value: votes.value, source: votes.source, runs: votes.runs },
      { value: 1, source: "eval", runs: 2 },
    );
    assert.equal(describeIndependentVotes(votes), "2 models ≈ 1.0 independent votes (from 2 eval runs)");
    const mixed = independentVotesOf(["a", "b", "c"], measured, family({}));
    assert.equal(mixed.source, "mixed");
    assert.match(describeIndependentVotes(mixed), /from 2 eval runs and model families/);
  });
});

describe("error correlation from stored eval runs", () => {
  const questions = ["1", "2", "3", "4", "5", "6"].map((id) => ({
    id,
    question: `Question ${id}?`,
    choices: ["yes", "no"],
    answer: "A",
    tags: [],
  }));
  /** a and b pick the same letters (wrong on questions 1 and 2); c is wrong on 3 alone. */
  const letter = (model: string, id: string) =>
    (model === "c" ? id === "3" : id === "1" || id === "2") ? "B" : "A";
  const results: EvaluationResults = {
    answers: questions.map((question) => ({
      questionId: question.id,
      strategy: "council",
      answer: "Answer: A",
      correct: true,
      costUsd: 0,
      latencyMs: 1,
      opinions: ["a", "b", "c"].map((model) => ({
        model,
        answer: `Answer: ${letter(model, question.id)}`,
        costUsd: 0,
        latencyMs: 1,
      })),
    })) as EvaluationResults["answers"],
    modelAnswers: [],
    judgements: [],
  };

  it("measures each pair over the questions both answered, from the council's opinions", () => {
    const measured = measuredCorrelations(["a", "b", "c"], [{ runId: "run-1", questions, results }]);
    assert.deepEqual(measured.get(pairKey("a", "b")), { correlation: 1, questions: 6, runs: ["run-1"] });
    // a wrong on 1, 2; c wrong on 3: cells 0 both, 2 only a, 1 only c, 3 both right: −2 / √(2·4·1·5).
    assert.equal(
      measured.get(pairKey("a", "c"))?.correlation,
      Math.round((-2 / Math.sqrt(40)) * 1000) / 1000,
    );
  });

  it("leaves out a pair with too few shared questions", () => {
    const few = { runId: "run-1", questions: questions.slice(0, 4), results };
    assert.equal(measuredCorrelations(["a", "b"], [few]).size, 0);
  });
});
