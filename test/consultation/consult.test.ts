// The engine's face asks and stores nothing: `consult` answers a panel question (opinions, synthesis,
// usage, cost) and a one-model question over the conversation it is given, on services that hold no
// store; reading the conversation and recording the turn are the application's steps.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type ConsultationServices, consult, type HistoryMessage } from "../../src/consultation/index.ts";
import { consultationFixture } from "../support/consultation-fixture.ts";

const signal = new AbortController().signal;

/** The fixture's models, and its services with the store taken out: the engine's services have none. */
function withoutStore() {
  const { models, services: all } = consultationFixture();
  const { store: _store, ...engine } = all;
  const services: ConsultationServices = engine;
  assert.equal("store" in services, false);
  return { services, models };
}

const earlier: HistoryMessage[] = [
  { role: "user", content: "We use Postgres 16." },
  { role: "assistant", content: "Noted." },
];

describe("consult", () => {
  it("answers a panel question with opinions, synthesis, usage and cost, on services without a store", async () => {
    const { services, models } = withoutStore();
    models.script("alpha-1", { text: "alpha: vacuum" }, { text: "Vacuum, all agree." });
    const asked = await consult(
      {
        kind: "panel",
        choice: { primaryModel: "alpha", secondaryModels: ["beta"] },
        cost: { unpricedModels: "allow" },
        question: "How do I shrink a table?",
        history: earlier,
      },
      services,
      { signal },
    );
    assert.equal(asked.text, "Vacuum, all agree.");
    assert.equal(asked.answer.primary.response, "alpha: vacuum");
    assert.equal(asked.answer.secondaryOpinions[0]?.model, "beta");
    assert.equal(asked.answer.summary.successfulModels, 2);
    assert.ok((asked.answer.summary.totalCost ?? 0) > 0);
    assert.ok((asked.answer.summary.totalTokens ?? 0) > 0);
    assert.match(JSON.stringify(models.callsOf("beta-1")[0]?.prompt), /Postgres 16/);
  });

  it("answers a one-model question, and refuses an unknown model before any call", async () => {
    const { services, models } = withoutStore();
    const cost = { unpricedModels: "allow" as const };
    const asked = await consult({ kind: "message", model: "gamma", cost, question: "Hi?" }, services, {
      signal,
    });
    assert.equal(asked.text, "answer of gamma-1");
    assert.equal(asked.answer.model, "gamma");
    await assert.rejects(
      consult({ kind: "message", model: "nobody", cost, question: "Hi?" }, services, { signal }),
      {
        code: "unknown_model",
      },
    );
    assert.equal(models.calls.length, 1);
  });
});
