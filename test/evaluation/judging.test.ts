// Pairwise judging for questions without a reference: the judge's prompt, the verdict read from its
// reply, and a pair judged in both orders, where a judge that disagrees with itself counts as a tie. The
// prompts and raw replies come back with the result, to be stored.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  combineVerdicts,
  judgePair,
  judgePrompt,
  parseVerdict,
} from "../../src/evaluation/judging/judge-pair.ts";

describe("the judge's prompt", () => {
  it("holds the question and both responses under their labels, and asks for a verdict line", () => {
    const { system, prompt } = judgePrompt(
      "Why is the sky blue?",
      "Rayleigh scattering.",
      "Because of the sea.",
    );
    assert.equal(
      prompt,
      [
        "## Question",
        "Why is the sky blue?",
        "## Response A",
        "Rayleigh scattering.",
        "## Response B",
        "Because of the sea.",
        "## Your verdict",
        'Which response answers the question better? Explain briefly, then end with "Verdict: A", "Verdict: B" or "Verdict: tie".',
      ].join("\n\n"),
    );
    assert.match(system, /impartial/);
    assert.match(system, /order, length or style/);
  });
});

describe("parseVerdict", () => {
  const cases: [string, "A" | "B" | "tie" | undefined][] = [
    ["A is more accurate.\nVerdict: A", "A"],
    ["Verdict: B", "B"],
    ["verdict: b", "B"],
    ["**Verdict:** Response B", "B"],
    ["## Verdict\n\nVerdict: tie", "tie"],
    ["Verdict - a tie.", "tie"],
    ["Verdict: draw", "tie"],
    ["Verdict: equal", "tie"],
    ["My verdict is [[A]]", "A"],
    ["Verdict: (B)", "B"],
    ['I must end with "Verdict: A", "Verdict: B" or "Verdict: tie".\n\nVerdict: B', "B"],
    ["Response A is better.", undefined],
    ["Verdict: both are fine", undefined],
    ["", undefined],
  ];
  for (const [reply, verdict] of cases) {
    it(`${JSON.stringify(reply)} is ${verdict ?? "no verdict"}`, () =>
      assert.equal(parseVerdict(reply), verdict));
  }
});

describe("combining the two orders", () => {
  // first-as-a: A means the first answer won; second-as-a: A means the second answer won.
  const cases: [Parameters<typeof combineVerdicts>, ReturnType<typeof combineVerdicts>][] = [
    [["A", "B"], { winner: "first", consistent: true }],
    [["B", "A"], { winner: "second", consistent: true }],
    [["tie", "tie"], { winner: "tie", consistent: true }],
    [["A", "A"], { winner: "tie", consistent: false }],
    [["B", "B"], { winner: "tie", consistent: false }],
    [["A", "tie"], { winner: "tie", consistent: false }],
    [["tie", "A"], { winner: "tie", consistent: false }],
    [[undefined, "B"], { winner: undefined, consistent: undefined }],
    [["A", undefined], { winner: undefined, consistent: undefined }],
  ];
  for (const [[firstAsA, secondAsA], expected] of cases) {
    it(`${firstAsA ?? "none"} then ${secondAsA ?? "none"}: ${expected.winner ?? "undecided"}`, () => {
      assert.deepEqual(combineVerdicts(firstAsA, secondAsA), expected);
    });
  }
});

describe("judgePair", () => {
  it("asks in both orders and returns each prompt, raw reply and verdict", async () => {
    const asked: string[] = [];
    // A judge that always prefers the answer mentioning Rayleigh, wherever it stands.
    const judgement = await judgePair(
      "Why is the sky blue?",
      "Rayleigh scattering.",
      "The sea.",
      async (prompt) => {
        asked.push(prompt.prompt);
        const responseA = prompt.prompt.split("## Response A\n\n")[1]?.split("\n\n## Response B")[0] ?? "";
        return `Reasoning.\nVerdict: ${responseA.includes("Rayleigh") ? "A" : "B"}`;
      },
    );
    assert.equal(judgement.winner, "first");
    assert.equal(judgement.consistent, true);
    assert.equal(asked.length, 2);
    const [firstAsA, secondAsA] = judgement.records;
    assert.equal(firstAsA.order, "first-as-a");
    assert.deepEqual(firstAsA, {
      order: "first-as-a",
      ...judgePrompt("Why is the sky blue?", "Rayleigh scattering.", "The sea."),
      reply: "Reasoning.\nVerdict: A",
      verdict: "A",
    });
    assert.deepEqual(secondAsA, {
      order: "second-as-a",
      ...judgePrompt("Why is the sky blue?", "The sea.", "Rayleigh scattering."),
      reply: "Reasoning.\nVerdict: B",
      verdict: "B",
    });
  });

  it("counts a judge that always picks Response A as a tie", async () => {
    const judgement = await judgePair("Q?", "one", "two", async () => "Verdict: A");
    assert.deepEqual([judgement.winner, judgement.consistent], ["tie", false]);
  });

  it("leaves the pair undecided when a reply has no verdict, keeping the reply", async () => {
    const judgement = await judgePair("Q?", "one", "two", async (prompt) =>
      prompt.prompt.includes("## Response A\n\none") ? "I refuse." : "Verdict: B",
    );
    assert.equal(judgement.winner, undefined);
    assert.deepEqual(
      judgement.records.map((record) => [record.reply, record.verdict]),
      [
        ["I refuse.", undefined],
        ["Verdict: B", "B"],
      ],
    );
  });
});
