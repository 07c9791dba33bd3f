// The settle stage: at the answer-by time the opinions in hand go on and the models still running are
// named late, their calls kept; when every opinion in hand failed there is no answer.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { settlePanel } from "../../../src/consultation/council/stages/settle.ts";
import { deferred } from "../../support/consultation-fixture.ts";
import { openedTurn } from "./panel-record.ts";

describe("the settle stage", () => {
  it("goes on with the opinions in by the answer-by time and keeps the late one running", async () => {
    const turn = openedTurn(undefined, { answerByMs: 50 });
    const slow = deferred();
    turn.models.script("gamma-1", { text: "gamma, late", gate: slow.promise });
    const settled = await settlePanel(turn.open());
    assert.deepEqual(
      settled.present.map(({ entry }) => entry.name),
      ["alpha", "beta"],
    );
    assert.deepEqual(
      settled.opinions.map((opinion) => opinion.response),
      ["answer of alpha-1", "answer of beta-1"],
    );
    assert.deepEqual(
      settled.late.map((running) => running.model),
      ["gamma"],
    );
    slow.resolve();
    assert.equal((await settled.late[0]?.opinion)?.response, "gamma, late");
  });

  it("without an answer-by time waits for every model", async () => {
    const turn = openedTurn();
    const settled = await settlePanel(turn.open());
    assert.equal(settled.opinions.length, 3);
    assert.deepEqual(settled.late, []);
  });

  it("throws all_models_failed, with the opinions, when every model failed", async () => {
    const turn = openedTurn();
    for (const model of ["alpha-1", "beta-1", "gamma-1"]) {
      turn.models.script(model, { error: new Error(`${model} is down`) });
    }
    await assert.rejects(
      settlePanel(turn.open()),
      (error: { code: string; details: { opinions: unknown[] } }) => {
        assert.equal(error.code, "all_models_failed");
        assert.equal(error.details.opinions.length, 3);
        return true;
      },
    );
  });
});
