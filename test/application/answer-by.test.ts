// An answer before the caller gives up: at the answer-by time the synthesis is written from the
// opinions in hand, the result names the models still running, and their opinions join the stored
// turn when they land (history shows them, a follow-up sees them, their cost is counted).

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { localCaller } from "../../src/application/caller.ts";
import { localOwner } from "../../src/store/store.ts";
import { consultationFixture, deferred } from "../support/consultation-fixture.ts";
import { assertMatchesSchema } from "../support/seed-schemas.ts";

const signal = new AbortController().signal;

describe("answer-by time", () => {
  it("answers with the opinions in hand, names the model still running, and stores its opinion when it lands", async () => {
    const { models, application, store } = consultationFixture(undefined, { answerByMs: 300 });
    const slow = deferred();
    models.script("gamma-1", {
      text: "gamma, late but sure",
      gate: slow.promise,
      usage: { input: 10, output: 20 },
    });
    const result = await application.secondOpinion(
      localCaller,
      { question: "Which queue?", primaryModel: "alpha", secondaryModels: ["beta", "gamma"] },
      { signal, client: { via: "web" } },
    );
    assertMatchesSchema("secondOpinion", result);
    assert.deepEqual(result.pendingModels, ["gamma"]);
    const gamma = result.secondaryOpinions.find((opinion) => opinion.model === "gamma");
    assert.equal(gamma?.pending, true);
    assert.equal(gamma?.error, undefined);
    assert.deepEqual(result.synthesis?.basedOn, ["alpha", "beta"]);
    assert.match(result.summary.note ?? "", /did not hear from gamma/);
    assert.deepEqual(result.summary.pendingModels, ["gamma"]);
    // The synthesis model was told whom it did not hear from.
    const synthesisCall = models.callsOf("alpha-1").at(-1);
    assert.match(JSON.stringify(synthesisCall?.prompt), /Not heard from[\s\S]*gamma had not answered/);

    const spentBefore = (await application.usage(localCaller)).spend.todayUsd;
    slow.resolve();
    // Resolves once no call's late model runs any more: gamma's opinion is stored and charged.
    assert.equal(await application.finishLateOpinions(10_000), 0);
    const [assistant] = await store.conversations
      .of(localOwner)
      .getMessages([result.assistantMessageId ?? ""]);
    const stored = assistant?.metadata.secondOpinion as typeof result;
    const storedGamma = stored.secondaryOpinions.find((candidate) => candidate.model === "gamma");
    assert.equal(storedGamma?.response, "gamma, late but sure");
    assert.equal(storedGamma?.late, true);
    assert.equal(storedGamma?.pending, undefined);
    assert.equal(stored.pendingModels, undefined);
    assert.equal(stored.summary.note, undefined);
    assert.equal(stored.summary.successfulModels, 3);
    assert.equal(
      stored.summary.totalCost,
      Math.round(((result.summary.totalCost ?? 0) + (storedGamma?.cost ?? 0)) * 1e8) / 1e8,
    );
    const history = await application.getHistory(localCaller, { conversationId: result.conversationId });
    assertMatchesSchema("history", history);
    // The late opinion is paid for, and a follow-up reads it.
    await new Promise((resolve) => setImmediate(resolve));
    assert.ok((await application.usage(localCaller)).spend.todayUsd > spentBefore);
    await application.secondOpinion(
      localCaller,
      { question: "And then?", conversationId: result.conversationId, maxOpinions: 0, primaryModel: "beta" },
      { signal },
    );
    assert.match(
      JSON.stringify(models.callsOf("beta-1").at(-1)?.prompt),
      /gamma, after this answer was given:\\ngamma, late but sure/,
    );
  });

  it("waits for the first opinion when none is in by the answer-by time", async () => {
    const { models, application } = consultationFixture(undefined, { answerByMs: 50 });
    const alpha = deferred();
    const beta = deferred();
    models.script("alpha-1", { text: "alpha at last", gate: alpha.promise });
    models.script("beta-1", { text: "beta at last", gate: beta.promise });
    const answered = application.secondOpinion(
      localCaller,
      { question: "Q", primaryModel: "alpha", secondaryModels: ["beta"], synthesisModel: "gamma" },
      { signal, client: { via: "web" } },
    );
    setTimeout(() => alpha.resolve(), 200);
    const result = await answered;
    // Past the answer-by time, the first opinion in is answered with at once.
    assert.equal(result.primary.response, "alpha at last");
    assert.deepEqual(result.pendingModels, ["beta"]);
    beta.resolve();
  });

  it("keeps the full wait without an answer-by time", async () => {
    const { models, application } = consultationFixture();
    const slow = deferred();
    models.script("gamma-1", { text: "gamma in the end", gate: slow.promise });
    const answered = application.secondOpinion(
      localCaller,
      { question: "Q", primaryModel: "alpha", secondaryModels: ["beta", "gamma"] },
      { signal },
    );
    setTimeout(() => slow.resolve(), 200);
    const result = await answered;
    assert.equal(result.pendingModels, undefined);
    assert.deepEqual(result.synthesis?.basedOn, ["alpha", "beta", "gamma"]);
  });

  it("stops a model still running when the caller cancels before the answer", async () => {
    const { models, application } = consultationFixture(undefined, { answerByMs: 60_000 });
    const slow = deferred();
    models.script("gamma-1", { text: "never", gate: slow.promise });
    const controller = new AbortController();
    const answered = application.secondOpinion(
      localCaller,
      { question: "Q", primaryModel: "alpha", secondaryModels: ["gamma"] },
      { signal: controller.signal, client: { via: "web" } },
    );
    setTimeout(() => controller.abort(), 100);
    await assert.rejects(answered, /cancelled/);
    assert.equal(models.callsOf("gamma-1")[0]?.signal?.aborted, true);
  });
});
