// The cost question's use case over fake models: a question is due only above the setting, with the
// estimate the call itself is held to; its cheaper choice leaves the dearest models out as maxCostUsd
// would (or keeps the primary alone), and running its arguments asks exactly the models it names. It
// asks no model and counts nothing.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createApplication } from "../../src/application/application.ts";
import { createAdmission } from "../../src/application/limits/admission.ts";
import { defaultTiers } from "../../src/configuration/access.ts";
import type { ModelEntry } from "../../src/providers/model-entry.ts";
import { consultationFixture, fakeEntries } from "../support/consultation-fixture.ts";

const signal = new AbortController().signal;
const ann = { userId: "ann", tier: "user" };
const council = {
  question: "Which queue?",
  primaryModel: "alpha",
  secondaryModels: ["beta", "gamma", "delta"],
};
/** Gamma's output costs ten times the others': it is the dearest. */
const entries: ModelEntry[] = fakeEntries.map((entry) =>
  entry.name === "gamma" ? { ...entry, outputPricePerMillion: 20 } : entry,
);

/** The application over fake models, asking above `confirmAboveUsd`. */
function applicationAsking(confirmAboveUsd: number | null) {
  const fixture = consultationFixture(entries);
  const application = createApplication(fixture.services, {
    cursorKey: "test-cursor-key",
    admission: createAdmission(fixture.store, { ...defaultTiers }, () => new Date()),
    confirmAboveUsd,
  });
  return { ...fixture, application };
}

describe("the cost question", () => {
  it("is due above the setting, with the estimate maxCostUsd is held to, and counts nothing", async () => {
    const { application, models } = applicationAsking(0);
    const question = await application.costQuestion(ann, "agent.second_opinion", council);
    assert.ok(question);
    assert.deepEqual(question.models, ["alpha", "beta", "gamma", "delta"]);
    assert.equal(question.synthesisModel, "alpha");
    assert.equal(question.confirmAboveUsd, 0);
    assert.equal(models.calls.length, 0, "the question asked a model");
    assert.equal((await application.usage(ann)).requests.day.used, 0, "the question was counted");
    // The call's own budget report, under a cap it fits, states the same estimate.
    const answer = await application.secondOpinion(ann, { ...council, maxCostUsd: 100 }, { signal });
    assert.equal(answer.budget?.estimatedCostUsd, question.estimatedCostUsd);
  });

  it("is not due at or under the setting, when off, or for a call that would be refused", async () => {
    const { application } = applicationAsking(0);
    const full = await application.costQuestion(ann, "agent.second_opinion", council);
    assert.ok(full);
    const at = applicationAsking(full.estimatedCostUsd).application;
    assert.equal(await at.costQuestion(ann, "agent.second_opinion", council), undefined);
    const off = applicationAsking(null).application;
    assert.equal(await off.costQuestion(ann, "agent.second_opinion", council), undefined);
    for (const input of [
      { ...council, primaryModel: "nope" },
      { question: "" },
      { ...council, maxCostUsd: 1e-9 },
    ]) {
      assert.equal(await application.costQuestion(ann, "agent.second_opinion", input), undefined);
    }
  });

  it("is not due for a call that gives its own maxCostUsd: the cap is the caller's consent", async () => {
    const { application } = applicationAsking(0);
    const full = await application.costQuestion(ann, "agent.second_opinion", council);
    assert.ok(full);
    const consented = { ...council, maxCostUsd: full.estimatedCostUsd };
    assert.equal(await application.costQuestion(ann, "agent.second_opinion", consented), undefined);
    const message = { content: "Hello?", model: "beta", maxCostUsd: 1 };
    assert.equal(await application.costQuestion(ann, "conversation.send-message", message), undefined);
  });

  it("offers the call without its dearest models, fitted under the setting, and running it asks just those", async () => {
    const { application: measuring } = applicationAsking(0);
    const full = await measuring.costQuestion(ann, "agent.second_opinion", council);
    const withoutGamma = await measuring.costQuestion(ann, "agent.second_opinion", {
      ...council,
      secondaryModels: ["beta", "delta"],
    });
    assert.ok(full && withoutGamma);
    const setting = (withoutGamma.estimatedCostUsd + full.estimatedCostUsd) / 2;
    const { application, models } = applicationAsking(setting);
    const question = await application.costQuestion(ann, "agent.second_opinion", council);
    assert.deepEqual(question?.cheaper?.models, ["alpha", "beta", "delta"]);
    assert.equal(question?.cheaper?.estimatedCostUsd, withoutGamma.estimatedCostUsd);
    assert.deepEqual(question?.cheaper?.arguments, { ...council, maxCostUsd: setting });
    await application.secondOpinion(ann, question?.cheaper?.arguments, { signal });
    assert.deepEqual([...new Set(models.calls.map((call) => call.model))].sort(), [
      "alpha-1",
      "beta-1",
      "delta-1",
    ]);
  });

  it("offers the primary alone when no panel fits under the setting, and nothing cheaper for one model", async () => {
    const { application } = applicationAsking(1e-9);
    const question = await application.costQuestion(ann, "agent.second_opinion", council);
    assert.deepEqual(question?.cheaper?.models, ["alpha"]);
    assert.equal(question?.cheaper?.synthesisModel, undefined);
    assert.deepEqual(question?.cheaper?.arguments, { ...council, maxOpinions: 0 });
    const message = await application.costQuestion(ann, "conversation.send-message", {
      content: "Hello?",
      model: "beta",
    });
    assert.deepEqual(message?.models, ["beta"]);
    assert.equal(message?.cheaper, undefined);
  });

  it("is never due for a call of no known cost, even at a setting of 0", async () => {
    const free = fakeEntries.map((entry) => ({
      ...entry,
      inputPricePerMillion: 0,
      outputPricePerMillion: 0,
    }));
    const fixture = consultationFixture(free);
    const application = createApplication(fixture.services, {
      cursorKey: "test-cursor-key",
      admission: createAdmission(fixture.store, { ...defaultTiers }, () => new Date()),
      confirmAboveUsd: 0,
    });
    assert.equal(await application.costQuestion(ann, "agent.second_opinion", council), undefined);
  });

  it("counts the conversation so far, as the call does", async () => {
    const { application } = applicationAsking(0);
    const first = await application.sendMessage(
      ann,
      { content: "x".repeat(30_000), model: "beta" },
      { signal },
    );
    const follow = { content: "And then?", model: "beta", conversationId: first.conversationId };
    const fresh = await application.costQuestion(ann, "conversation.send-message", {
      content: "And then?",
      model: "beta",
    });
    const later = await application.costQuestion(ann, "conversation.send-message", follow);
    assert.ok(fresh && later);
    assert.ok(
      later.estimatedCostUsd > fresh.estimatedCostUsd,
      `${later.estimatedCostUsd} <= ${fresh.estimatedCostUsd}`,
    );
  });
});
