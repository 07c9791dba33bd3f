// Grading by reference: a free answer by exact match after normalisation (units ignored only after a
// number, when the reference is a bare number), a multiple-choice answer by the letter the reply picks,
// however it writes it.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { exactMatch } from "../../src/evaluation/grading/exact-match.ts";
import { gradeAnswer } from "../../src/evaluation/grading/grade-answer.ts";
import { chosenLetter } from "../../src/evaluation/grading/match-choice.ts";

describe("exact match", () => {
  const right: [string, string][] = [
    ["1000", "1,000"],
    ["1000", "Answer: 1000.0"],
    ["86400", "There are 86,400 seconds.\n\nAnswer: 86,400 seconds"],
    ["350", "**350 cm**"],
    ["42195", "Answer: 42,195 metres"],
    ["80", "The final price is $80.\nAnswer: $80"],
    ["38", "Answer: 38 °C"],
    ["-40", "Answer: −40 degrees"],
    ["1.609", "Answer: 1.609 km"],
    ["no", "No, it did not rain."],
    ["no", "Answer: No."],
    ["yes", "**Yes**"],
    ["Cara", "Answer: Cara (she is second from the bottom)"],
    ["Saturday", "It was a Saturday.\nAnswer: Saturday"],
    ["2024-02-14", "Answer: 2024-02-14 (a Wednesday)"],
    ["01:15", "Answer: 01:15"],
    ["0.375", "Answer: .375"],
    ["[10, 100, 9]", "It prints\n\nAnswer: [10, 100, 9]"],
    ["{1: 'y'}", "Answer: `{1: 'y'}`"],
    ["-Infinity", "Answer: `-Infinity`"],
    ["The Sun", "answer: sun"],
    ["20", "\\boxed{20}"],
  ];
  for (const [reference, reply] of right) {
    it(`${JSON.stringify(reply)} states ${JSON.stringify(reference)}`, () => {
      assert.equal(exactMatch(reply, reference).correct, true);
    });
  }

  const wrong: [string, string][] = [
    ["-Infinity", "Answer: Infinity"],
    ["-4", "Answer: -3.5"],
    ["2 4", "Answer: 3 4"],
    ["0.02", "Answer: 0.2"],
    ["10", "Answer: 10 cents? No, 5 cents"],
    ["5", "Answer: 50"],
    ["no", "Answer: not sure"],
    ["2 hours", "Answer: 2 days"],
    ["1", "Answer: 1,10,9"],
    ["350", "Answer: 350 apples"],
    ["8", "The answer is 10 cents, not 8."],
    ["Friday", "It will be a Friday."],
  ];
  for (const [reference, reply] of wrong) {
    it(`${JSON.stringify(reply)} does not state ${JSON.stringify(reference)}`, () => {
      assert.equal(exactMatch(reply, reference).correct, false);
    });
  }

  it("returns the stated answer it compared", () => {
    assert.deepEqual(exactMatch("Work...\nAnswer: 5 cents", "5"), { correct: true, given: "5 cents" });
  });
});

describe("choice match", () => {
  const choices = ["Paris", "Rome", "Madrid", "Berlin"];
  const picks: [string, string | undefined][] = [
    ["B", "B"],
    ["b", "B"],
    ["(B)", "B"],
    ["[C]", "C"],
    ["D.", "D"],
    ["B) Rome", "B"],
    ["(B) Rome", "B"],
    ["C. Madrid", "C"],
    ["C: Madrid", "C"],
    ["B Rome", "B"],
    ["Answer: B", "B"],
    ["**Answer:** **C**", "C"],
    ["Reasoning about each city.\n\nAnswer: (D) Berlin", "D"],
    ["The answer is (A).", "A"],
    ["\\boxed{C}", "C"],
    ["**B**", "B"],
    ["Option C", "C"],
    ["I would go with option D here.", "D"],
    ["Rome is the capital. I'm confident (B) is right.", "B"],
    ["B is correct.", "B"],
    ["Answer: Madrid", "C"],
    ["It has to be Berlin.", "D"],
    ["Answer: rome.", "B"],
    // nothing, or more than one choice, picks nothing
    ["A good question; I am not sure.", undefined],
    ["Answer: E", undefined],
    ["Either (A) or (B).", undefined],
    ["Paris or Rome", undefined],
    ["", undefined],
    // a letter beats a choice's text that disagrees with it
    ["Answer: B) Madrid", "B"],
  ];
  for (const [reply, letter] of picks) {
    it(`${JSON.stringify(reply)} picks ${letter ?? "nothing"}`, () => {
      assert.equal(chosenLetter(reply, choices), letter);
    });
  }

  it("counts a choice contained in another found choice as the longer one", () => {
    assert.equal(chosenLetter("Answer: dark red", ["Red", "Dark red", "Blue"]), "B");
    assert.equal(chosenLetter("Answer: 2/3", ["1/3", "1/2", "2/3", "1"]), "C");
    assert.equal(chosenLetter("Answer: 1,000,000", ["1,048,576", "1000000"]), "B");
  });

  it("reads no letter past the last choice and no choice from punctuation alone", () => {
    assert.equal(chosenLetter("Answer: C", ["yes", "no"]), undefined);
    assert.equal(chosenLetter("**", ["({}) === ({})", "x"]), undefined);
  });
});

describe("gradeAnswer", () => {
  it("grades by letter with choices, by exact match without, and not at all without a reference", () => {
    const choice = {
      id: "c",
      question: "Capital of Italy?",
      choices: ["Paris", "Rome"],
      answer: "B",
      tags: [],
    };
    assert.deepEqual(gradeAnswer(choice, "Answer: Rome"), { correct: true, given: "B", method: "choice" });
    assert.deepEqual(gradeAnswer(choice, "Answer: A"), { correct: false, given: "A", method: "choice" });
    assert.deepEqual(gradeAnswer(choice, "I cannot say."), {
      correct: false,
      given: undefined,
      method: "choice",
    });
    const free = { id: "f", question: "17 × 23?", answer: "391", tags: [] };
    assert.deepEqual(gradeAnswer(free, "Answer: 391"), { correct: true, given: "391", method: "exact" });
    assert.equal(gradeAnswer({ id: "o", question: "Why?", tags: [] }, "Because."), undefined);
  });
});
