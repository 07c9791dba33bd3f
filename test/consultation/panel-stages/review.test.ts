// The review stage: when asked, every model that answered ranks the others' answers, anonymously, and
// the rankings are aggregated; otherwise no model is asked.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { reviewPanel } from "../../../src/consultation/council/stages/review.ts";
import { settledTurn, three } from "./panel-record.ts";

/** A reviewer that ranks the responses it finds in its prompt in the order they appear. */
function rankInOrder(prompt: string) {
  const labels = [...prompt.matchAll(/### Response ([A-Z])/g)].map(([, label]) => label as string);
  return { ranking: labels.map((label) => ({ response: label, reason: "fine" })) };
}

describe("the review stage", () => {
  it("has each model rank the others and aggregates the rankings", async () => {
    const turn = await settledTurn({ ...three, review: true });
    for (const model of ["alpha", "beta", "gamma"]) {
      turn.models.script(`${model}-1`, { text: `${model} says` }, { object: rankInOrder });
    }
    const reviewed = await reviewPanel(await turn.settle());
    assert.deepEqual(reviewed.review?.reviews.map((review) => review.reviewer).sort(), [
      "alpha",
      "beta",
      "gamma",
    ]);
    assert.deepEqual(reviewed.review?.ranking.map((place) => place.model).sort(), ["alpha", "beta", "gamma"]);
    // Each reviewer saw the others' answers, never its own name.
    const prompt = JSON.stringify(turn.models.callsOf("alpha-1")[1]?.prompt);
    assert.match(prompt, /beta says/);
    assert.doesNotMatch(prompt, /alpha says/);
  });

  it("asks nobody when no review was asked for", async () => {
    const turn = await settledTurn();
    const settled = await turn.settle();
    const before = turn.models.calls.length;
    assert.equal((await reviewPanel(settled)).review, undefined);
    assert.equal(turn.models.calls.length, before);
  });
});
