// Finding the answer a reply states: a boxed answer, then the last "Answer:" label, then the last bold
// span, then the last line; and an answer's first clause when a word follows it.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { extractAnswer, firstClause } from "../../src/evaluation/grading/extract-answer.ts";

describe("extractAnswer", () => {
  const cases: [string, string, string, string][] = [
    ["a bare answer", "42", "42", "last-line"],
    ["an Answer line after reasoning", "3 × 7 = 21, plus 21 is 42.\nAnswer: 42", "42", "labelled"],
    ["a bold label", "Reasoning...\n\n**Final answer:** Canberra", "Canberra", "labelled"],
    ["a bold answer after the label", "Answer: **B**", "B", "labelled"],
    ["the last of several labels", "Answer: 10\nWait, that is wrong.\nAnswer: 5", "5", "labelled"],
    [
      "'the answer is' mid-sentence",
      "So the answer is 5 cents. It is easy to get wrong.",
      "5 cents. It is easy to get wrong.",
      "labelled",
    ],
    ["a label ending its line", "Final answer:\n\n  2024-02-14\n", "2024-02-14", "labelled"],
    ["'answer =' ", "answer = 512", "512", "labelled"],
    ["a boxed answer over a label", "The answer is 7, so \\boxed{8}", "8", "boxed"],
    ["the last bold span", "The **key** point: the result is **37**.", "37", "bold"],
    ["underscores as bold", "It is __Friday__", "Friday", "bold"],
    ["the last line without its list marker", "Steps:\n- add\n- 86,400", "86,400", "last-line"],
    ["the last line without a heading mark", "Work\n\n## Saturday\n\n", "Saturday", "last-line"],
    ["Windows line breaks", "thinking\r\nAnswer: no\r\n", "no", "labelled"],
    ["nothing", "", "", "last-line"],
  ];
  for (const [name, reply, text, how] of cases) {
    it(name, () => assert.deepEqual(extractAnswer(reply), { text, how }));
  }

  it("does not take 'answered' or 'answers' for a label", () => {
    assert.deepEqual(extractAnswer("She answered: maybe.\nyes"), { text: "yes", how: "last-line" });
  });
});

describe("firstClause", () => {
  const cases: [string, string | undefined][] = [
    ["No, it did not rain.", "No"],
    ["2024-02-14 (a Wednesday)", "2024-02-14"],
    ["5 cents. It is easy to get wrong.", "5 cents"],
    ["Cara - she is second from the bottom", "Cara"],
    ["1,10,9", undefined],
    ["[1, 100, 9]", undefined],
    ["42", undefined],
  ];
  for (const [answer, clause] of cases) {
    it(`${JSON.stringify(answer)} gives ${JSON.stringify(clause)}`, () =>
      assert.equal(firstClause(answer), clause));
  }
});
