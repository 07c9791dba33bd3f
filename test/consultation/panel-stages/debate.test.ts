// The debate stage: with a second round, the models that answered read each other's answers and answer
// again, their final answers replacing their first; with one round the record is left as it was.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { debatePanel } from "../../../src/consultation/council/stages/debate.ts";
import { settledTurn, three } from "./panel-record.ts";

describe("the debate stage", () => {
  it("runs the second round and keeps each model's final answer", async () => {
    const turn = await settledTurn({ ...three, rounds: 2 });
    for (const model of ["alpha", "beta", "gamma"]) {
      turn.models.script(`${model}-1`, { text: `${model} first` }, { text: `${model} revised` });
    }
    const debated = await debatePanel(await turn.settle());
    assert.deepEqual(
      debated.opinions.map((opinion) => opinion.response),
      ["alpha revised", "beta revised", "gamma revised"],
    );
    assert.deepEqual(
      debated.rounds?.map((round) => round.round),
      [1, 2],
    );
    assert.equal(debated.rounds?.[0]?.opinions[0]?.response, "alpha first");
    // Each model's second call showed it the others' first answers.
    const second = JSON.stringify(turn.models.callsOf("alpha-1")[1]?.prompt);
    assert.match(second, /beta first/);
    assert.match(second, /gamma first/);
  });

  it("leaves a one-round turn as it was, asking no model", async () => {
    const turn = await settledTurn();
    const settled = await turn.settle();
    const before = turn.models.calls.length;
    assert.equal(await debatePanel(settled), settled);
    assert.equal(turn.models.calls.length, before);
  });
});
