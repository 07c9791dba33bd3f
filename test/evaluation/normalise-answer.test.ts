// The normal form answers are compared in: the same answer written differently is one string, and
// different answers stay apart (a minus sign, a decimal point, a list of numbers).

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { normaliseAnswer } from "../../src/evaluation/grading/normalise-answer.ts";

describe("normaliseAnswer", () => {
  const same: [string, string][] = [
    ["1,000", "1000"],
    ["1000.0", "1000"],
    ["1,234,567.50", "1234567.5"],
    ["86\u202f400", "86400"],
    ["12\u00a0000", "12000"],
    ["007", "7"],
    [".5", "0.5"],
    ["-0", "0"],
    ["−40", "-40"],
    ["**The Sun.**", "sun"],
    ["  An   apple ", "apple"],
    ["Paris!", "paris"],
    ["“Canberra”", "canberra"],
    ["truth-teller", "truth teller"],
    ["2024-02-14", "2024 2 14"],
    ["01:15", "1 15"],
    ["[[1, 0], [1, 0]]", "1 0 1 0"],
    ["{1: 'y'}", "1 y"],
    ["-Infinity", "-infinity"],
    ["(-5)", "-5"],
    ["１２３", "123"],
    ["100 ℃", "100 °c"],
    ["3.14.", "3.14"],
    ["$80", "80"],
  ];
  for (const [written, normal] of same) {
    it(`${JSON.stringify(written)} is ${JSON.stringify(normal)}`, () => {
      assert.equal(normaliseAnswer(written), normaliseAnswer(normal));
    });
  }

  const different: [string, string][] = [
    ["-Infinity", "Infinity"],
    ["-4", "4"],
    ["3.5", "35"],
    ["1,10,9", "1109"],
    ["0.02", "0.2"],
    ["1 NaN NaN", "1 NaN"],
  ];
  for (const [one, other] of different) {
    it(`${JSON.stringify(one)} is not ${JSON.stringify(other)}`, () => {
      assert.notEqual(normaliseAnswer(one), normaliseAnswer(other));
    });
  }

  it("writes the normal form as documented", () => {
    assert.equal(
      normaliseAnswer("The answer: 1,000.50 Metres, -3 and 2024-03-01!"),
      "answer 1000.5 metres -3 and 2024 3 1",
    );
  });
});
