// Each consultation's hold on its caller's daily budget, through the application: the worst case is
// reserved before any model is asked (a call that does not fit is refused with no provider request),
// the reservation covers the call's late opinions until the last one lands, and then only what the call
// actually cost stays spent; a failed call lets go of its reservation.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type Application, createApplication } from "../../src/application/application.ts";
import { createAdmission } from "../../src/application/limits/admission.ts";
import type { Tier } from "../../src/configuration/access.ts";
import type { ServiceError } from "../../src/contract/service-error.ts";
import { consultationFixture, deferred } from "../support/consultation-fixture.ts";

const signal = new AbortController().signal;
const bea = { userId: "bea", tier: "budgeted" };
const council = { question: "Which queue?", primaryModel: "alpha", secondaryModels: ["beta", "gamma"] };

/** The fixture, with `applicationWith(budget)` building the application for a tier with that daily budget. */
function budgetedFixture() {
  const fixture = consultationFixture(undefined, { answerByMs: 200 });
  const applicationWith = (dailyBudgetUsd: number): Application => {
    const tier: Tier = {
      requestsPerHour: null,
      requestsPerDay: null,
      dailyBudgetUsd,
      unpricedModels: "allow",
    };
    return createApplication(fixture.services, {
      cursorKey: "test-cursor-key",
      admission: createAdmission(fixture.store, { budgeted: tier }, () => new Date()),
    });
  };
  const today = () => new Date().toISOString().slice(0, 10);
  const held = () => fixture.store.spend.heldOn(bea.userId, today(), Date.now());
  return { ...fixture, applicationWith, held };
}

/** The worst case of `input`, as a refusal by a budget too small for any call states it. */
async function estimateOf(application: Application, input: Record<string, unknown>): Promise<number> {
  try {
    await application.secondOpinion(bea, input, { signal });
  } catch (error) {
    assert.equal((error as ServiceError).code, "budget_exhausted");
    return (error as ServiceError).details?.estimatedCostUsd as number;
  }
  throw new Error("the call fitted a budget of a billionth of a dollar");
}

describe("a call's hold on the daily budget", () => {
  it("refuses a call whose worst case does not fit before any model is asked", async () => {
    const { applicationWith, models, held } = budgetedFixture();
    const estimate = await estimateOf(applicationWith(1e-9), council);
    assert.ok(estimate > 0);
    assert.equal(models.calls.length, 0, "a refused call reached a model");
    assert.equal(await held(), 0);
  });

  it("holds a call's worst case until its last late opinion has landed, then keeps only what it cost", async () => {
    const { applicationWith, models, held, store } = budgetedFixture();
    const estimate = await estimateOf(applicationWith(1e-9), council);
    // Room for one worst case and a half: a second call fits only once the first has let go of its hold.
    const application = applicationWith(estimate * 1.5);
    const slow = deferred();
    models.script("gamma-1", { text: "gamma, late", gate: slow.promise, usage: { input: 10, output: 20 } });
    const answer = await application.secondOpinion(bea, council, { signal, client: { via: "web" } });
    assert.deepEqual(answer.pendingModels, ["gamma"]);
    const answered = answer.summary.totalCost ?? 0;
    assert.ok(answered > 0);
    // While gamma runs, the call holds its worst case less what was charged so far.
    assert.ok(Math.abs((await held()) - (estimate - answered)) < 1e-9, `held ${await held()}`);
    assert.equal((await application.usage(bea)).spend.heldUsd, await held(), "usage shows what is held");
    await assert.rejects(
      application.secondOpinion(bea, { ...council, question: "Meanwhile?" }, { signal }),
      (error: ServiceError) => error.code === "budget_exhausted",
    );
    // The hold is let go once the turn has settled, in a write of its own: wait for that write.
    const released = new Promise<void>((resolve) => {
      const release = store.spend.release.bind(store.spend);
      store.spend.release = async (...args) => {
        await release(...args);
        resolve();
      };
    });
    slow.resolve();
    assert.equal(await application.finishLateOpinions(10_000), 0);
    await released;
    assert.equal(await held(), 0);
    const spent = (await application.usage(bea)).spend.todayUsd;
    const [assistant] = await store.conversations
      .of(bea.userId)
      .getMessages([answer.assistantMessageId ?? ""]);
    const stored = assistant?.metadata.secondOpinion as typeof answer;
    assert.ok(spent > answered, "the late opinion was not charged");
    assert.ok(Math.abs(spent - (stored.summary.totalCost ?? 0)) < 1e-9, `spent ${spent}`);
    models.script("gamma-1", {});
    await application.secondOpinion(bea, { ...council, question: "Now?" }, { signal });
  });

  it("tries another synthesis model only within what the reservation holds for the synthesis", async () => {
    const { applicationWith, models } = budgetedFixture();
    const input = { ...council, synthesisModel: "epsilon" };
    const estimate = await estimateOf(applicationWith(1e-9), input);
    // epsilon reads its whole prompt and writes its whole output cap twice (structured, then plain) and
    // gives nothing usable: that used up what the reservation holds for the synthesis.
    const wasted = { raw: "", usage: { input: 24_000, output: 8192 } };
    models.script("epsilon-1", wasted, wasted, wasted, wasted);
    const answer = await applicationWith(estimate * 10).secondOpinion(bea, input, { signal });
    const others = models.calls.filter((call) => call.model !== "epsilon-1");
    assert.equal(others.length, 3, "only the three opinions: no other model was asked to synthesise");
    assert.equal(answer.synthesis?.error, true);
    // What epsilon's attempts cost is the synthesis's cost, and so charged.
    const epsilonCost = 2 * ((24_000 * 1 + 8192 * 2) / 1e6);
    assert.ok(Math.abs((answer.synthesis?.cost ?? 0) - epsilonCost) < 1e-9, `${answer.synthesis?.cost}`);
    assert.match(
      JSON.stringify(answer.synthesis?.fallbackFrom),
      /was not asked: the call's daily-budget reservation has no room left for it/,
    );
  });

  it("lets go of a failed call's reservation", async () => {
    const { applicationWith, models, held } = budgetedFixture();
    const estimate = await estimateOf(applicationWith(1e-9), council);
    const application = applicationWith(estimate * 1.5);
    for (const model of ["alpha-1", "beta-1", "gamma-1"]) models.script(model, { error: new Error("down") });
    await assert.rejects(
      application.secondOpinion(bea, council, { signal }),
      (error: ServiceError) => error.code === "all_models_failed",
    );
    assert.equal(await held(), 0);
    for (const model of ["alpha-1", "beta-1", "gamma-1"]) models.script(model, {});
    await application.secondOpinion(bea, council, { signal });
    await application.sendMessage(bea, { content: "And one model?", model: "beta" }, { signal });
  });
});
