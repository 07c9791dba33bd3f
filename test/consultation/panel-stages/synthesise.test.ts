// The synthesis stage: the synthesis model writes it from the opinions, told of the council and of the
// models not heard from; an adaptive turn whose first two agreed keeps their synthesis, asking nobody.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { synthesisePanel } from "../../../src/consultation/council/stages/synthesise.ts";
import { settledTurn } from "./panel-record.ts";

describe("the synthesis stage", () => {
  it("has the synthesis model write it, saying whom it did not hear from", async () => {
    const turn = await settledTurn();
    turn.models.script("alpha-1", { text: "alpha says red" }, { text: "Red, mostly." });
    const settled = await turn.settle();
    const late = { model: "gamma", opinion: new Promise<never>(() => {}) };
    const synthesised = await synthesisePanel({ ...settled, late: [late] });
    assert.equal(synthesised.synthesis?.model, "alpha");
    assert.equal(synthesised.synthesis?.response, "Red, mostly.");
    const prompt = JSON.stringify(turn.models.callsOf("alpha-1").at(-1)?.prompt);
    assert.match(prompt, /alpha says red/);
    assert.match(prompt, /Not heard from[\s\S]*gamma had not answered/);
  });

  it("keeps the first two's synthesis when they settled it, asking nobody", async () => {
    const turn = await settledTurn();
    const settled = await turn.settle();
    const before = turn.models.calls.length;
    const first = { ...settled.opinions[0], basedOn: ["alpha", "beta"], sources: [] } as never;
    const synthesised = await synthesisePanel({
      ...settled,
      opening: {
        ...settled.opening,
        firstSynthesis: first,
        adaptive: { path: "cheap", reason: "both chose B", threshold: 0.8, firstModels: ["alpha", "beta"] },
      },
    });
    assert.equal(synthesised.synthesis, first);
    assert.equal(turn.models.calls.length, before);
  });
});
