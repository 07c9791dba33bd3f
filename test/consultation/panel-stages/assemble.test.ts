// The assemble stage: the answer as the caller gets it. Each model in its place (a placeholder for one
// still running), the note naming it, the totals, the synthesis as the stored text; and once assembled
// the turn's progress no longer reaches the caller.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { assemblePanel } from "../../../src/consultation/council/stages/assemble.ts";
import { synthesisePanel } from "../../../src/consultation/council/stages/synthesise.ts";
import type { ModelOpinion } from "../../../src/contract/opinions.ts";
import { deferred } from "../../support/consultation-fixture.ts";
import { settledTurn } from "./panel-record.ts";

describe("the assemble stage", () => {
  it("answers with the synthesis, a placeholder for the late model, and the totals", async () => {
    const turn = await settledTurn(undefined, { answerByMs: 50 });
    const slow = deferred();
    turn.models.script("alpha-1", { text: "alpha says red" }, { text: "Red." });
    turn.models.script("gamma-1", { text: "gamma, late", gate: slow.promise });
    const opened = turn.open();
    const settledOpinions = await turn.means.settle(opened.calls);
    const [alpha, beta] = settledOpinions as [ModelOpinion, ModelOpinion];
    const gammaCall = opened.calls[2] as Promise<ModelOpinion>;
    const settled = {
      ...opened,
      present: opened.opening.asked.slice(0, 2),
      opinions: [alpha, beta],
      late: [{ model: "gamma", opinion: gammaCall }],
    };
    const answer = assemblePanel(await synthesisePanel(settled));
    assert.equal(answer.text, "Red.");
    assert.equal(answer.answer.primary.response, "alpha says red");
    const gamma = answer.answer.secondaryOpinions[1];
    assert.equal(gamma?.model, "gamma");
    assert.equal(gamma?.pending, true);
    assert.deepEqual(answer.answer.pendingModels, ["gamma"]);
    assert.match(answer.answer.summary.note ?? "", /did not hear from gamma/);
    assert.equal(answer.answer.summary.totalModels, 3);
    assert.deepEqual(
      answer.late?.map((running) => running.model),
      ["gamma"],
    );
    // The answer is given: gamma's progress no longer reaches the caller.
    const heard = turn.events.length;
    slow.resolve();
    assert.equal((await gammaCall).response, "gamma, late");
    assert.equal(turn.events.length, heard);
  });

  it("without a synthesis answers with the first successful opinion", async () => {
    const turn = await settledTurn();
    turn.models.script("alpha-1", { error: new Error("alpha is down") });
    const answer = assemblePanel(await turn.settle());
    assert.equal(answer.text, "answer of beta-1");
    assert.equal(answer.answer.synthesis, undefined);
    assert.equal(answer.answer.summary.failedModels, 1);
    assert.equal(answer.late, undefined);
  });
});
