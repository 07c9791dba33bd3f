// `strategy: "auto"`'s choice from stored eval runs: the most accurate per dollar on the category closest
// to the question (the first tag of the nearest stored question), a strategy over the cost cap left out,
// and the panel's default, said, when there is no evidence.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { closestCategory } from "../../src/evaluation/choice/question-category.ts";
import { chooseStrategy, type RunEvidence } from "../../src/evaluation/choice/strategy-choice.ts";
import type { EvaluationAnswerRecord, EvaluationQuestionRecord } from "../../src/store/evaluations.ts";

const questions: EvaluationQuestionRecord[] = [
  { id: "a1", question: "What is 17 multiplied by 23?", answer: "391", tags: ["arithmetic"] },
  { id: "a2", question: "What is 144 divided by 12?", answer: "12", tags: ["arithmetic"] },
  {
    id: "l1",
    question: "If all cats are animals and Tom is a cat, is Tom an animal?",
    answer: "yes",
    tags: ["logic"],
  },
  { id: "l2", question: "If no birds are fish, can a fish be a bird?", answer: "no", tags: ["logic"] },
];

/** A graded answer of `strategy` to question `id`. */
function answer(id: string, strategy: EvaluationAnswerRecord["strategy"], correct: boolean, costUsd: number) {
  return { questionId: id, strategy, answer: "x", correct, costUsd, latencyMs: 1 } as EvaluationAnswerRecord;
}

/** One run: on arithmetic the single model is as right as the council at a quarter of the price; on logic only the council is right. */
const run: RunEvidence = {
  runId: "run-1",
  bestModel: "claude",
  questions,
  results: {
    answers: [
      answer("a1", "best-single", true, 0.01),
      answer("a2", "best-single", true, 0.01),
      answer("a1", "council", true, 0.04),
      answer("a2", "council", true, 0.04),
      answer("l1", "best-single", false, 0.01),
      answer("l2", "best-single", false, 0.01),
      answer("l1", "council", true, 0.04),
      answer("l2", "council", true, 0.04),
      answer("l1", "adaptive", true, 0.03),
      answer("l2", "adaptive", false, 0.03),
    ],
    modelAnswers: [],
    judgements: [],
  },
};

describe("strategy auto", () => {
  it("finds the closest category by shared words", () => {
    assert.equal(closestCategory("What is 25 multiplied by 4?", questions), "arithmetic");
    assert.equal(closestCategory("If all dogs are animals, is Rex an animal?", questions), "logic");
    assert.equal(closestCategory("Bonjour", questions), undefined);
  });

  it("picks the most accurate per dollar in the question's category", () => {
    const arithmetic = chooseStrategy([run], "What is 25 multiplied by 4?");
    assert.deepEqual(
      [arithmetic.chosen, arithmetic.model, arithmetic.category],
      ["best-single", "claude", "arithmetic"],
    );
    assert.match(arithmetic.reason, /on arithmetic questions: 100% right at \$0\.0100 an answer/);
    const logic = chooseStrategy([run], "If all dogs are animals, is Rex an animal?");
    // council: 100% at $0.04 (25 a dollar); adaptive: 50% at $0.03 (16.7); best-single: 0%.
    assert.deepEqual([logic.chosen, logic.category], ["council", "logic"]);
    assert.deepEqual(
      logic.evidence.map((line) => [line.run, line.strategy, line.answers, line.accuracy, line.costUsd]),
      [
        ["run-1", "best-single", 2, 0, 0.01],
        ["run-1", "adaptive", 2, 0.5, 0.03],
        ["run-1", "council", 2, 1, 0.04],
      ],
    );
  });

  it("leaves out a strategy whose mean cost is over the cap", () => {
    const logic = chooseStrategy([run], "If all dogs are animals, is Rex an animal?", 0.035);
    assert.equal(logic.chosen, "adaptive");
    assert.match(logic.reason, /within \$0\.0350/);
    const none = chooseStrategy([run], "If all dogs are animals, is Rex an animal?", 0.005);
    assert.equal(none.chosen, "panel-default");
    assert.match(none.reason, /no strategy's mean cost fits the cap of \$0\.0050, so the panel's default/);
  });

  it("uses the panel's default and says so with no eval history", () => {
    const choice = chooseStrategy([], "What is 25 multiplied by 4?");
    assert.deepEqual(choice, {
      chosen: "panel-default",
      category: null,
      reason: "no eval history to choose from, so the panel's default",
      evidence: [],
    });
  });
});
