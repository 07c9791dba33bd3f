// The plan stage: the models and stances are checked when the turn is planned, and the plan is fitted
// to the cost policy counting the calls the council adds.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { fitPanel, planPanel } from "../../../src/consultation/council/stages/plan.ts";
import { consultationFixture } from "../../support/consultation-fixture.ts";
import { question, three } from "./panel-record.ts";

describe("the plan stage", () => {
  it("refuses an unknown model and a stance for a model not asked, before any call", () => {
    const { services, models } = consultationFixture();
    const cost = { unpricedModels: "allow" as const };
    assert.throws(() => planPanel(services, { primaryModel: "nobody" }, cost), { code: "unknown_model" });
    assert.throws(() => planPanel(services, { ...three, stances: { delta: "for" } }, cost), {
      code: "invalid_argument",
    });
    assert.equal(models.calls.length, 0);
  });

  it("counts a review's and a debate's calls in the worst case it holds", () => {
    const { services } = consultationFixture();
    const cost = { unpricedModels: "allow" as const };
    const plain = fitPanel(planPanel(services, three, cost), question, []);
    const council = fitPanel(planPanel(services, { ...three, review: true, rounds: 2 }, cost), question, []);
    assert.deepEqual(
      [plain.plan.primary.name, ...plain.plan.secondaries.map((entry) => entry.name)],
      ["alpha", "beta", "gamma"],
    );
    assert.ok(council.worstCaseUsd > plain.worstCaseUsd);
  });

  it("leaves out what a cost cap cannot pay for", () => {
    const { services } = consultationFixture();
    const setup = planPanel(services, three, { unpricedModels: "allow", maxCostUsd: 0.000_000_1 });
    assert.throws(() => fitPanel(setup, question, []), { code: "budget_exceeded" });
  });
});
