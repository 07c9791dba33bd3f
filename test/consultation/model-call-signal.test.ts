// The signal of one model call: the model gets one plain signal that the caller's cancel and the
// deadline both abort, the caller's signal is let go once the call ends (a listener left on a signal
// made by AbortSignal.any keeps the whole call alive), and a timeout is told apart from a cancel.

import assert from "node:assert/strict";
import { getEventListeners } from "node:events";
import { describe, it } from "node:test";
import { type CallPolicy, callModel } from "../../src/consultation/model-call/retried-call.ts";
import { deferred, fakeEntries } from "../support/consultation-fixture.ts";
import { FakeModels } from "../support/fake-language-model.ts";

const entry = fakeEntries[0] as (typeof fakeEntries)[number];

function policy(signal: AbortSignal, deadlineMs = 30_000): CallPolicy {
  return { deadlineMs, maxRetries: 0, signal, secrets: [], now: () => performance.now() };
}

function request(models: FakeModels) {
  return {
    entry,
    model: models.model(entry.modelId),
    instructions: "Answer.",
    messages: [{ role: "user" as const, content: "Why?" }],
  };
}

describe("the signal of a model call", () => {
  it("leaves no listener on the caller's signal once the call has answered", async () => {
    const models = new FakeModels();
    models.script(entry.modelId, { text: "Because." });
    const caller = AbortSignal.any([new AbortController().signal]);
    const opinion = await callModel(request(models), policy(caller));
    assert.equal(opinion.response, "Because.");
    assert.equal(getEventListeners(caller, "abort").length, 0);
  });

  it("aborts the model's signal when the caller cancels, and throws cancelled", async () => {
    const models = new FakeModels();
    const held = deferred();
    models.script(entry.modelId, { text: "late", gate: held.promise });
    const caller = new AbortController();
    const call = callModel(request(models), policy(caller.signal));
    await new Promise((resolve) => setImmediate(resolve));
    const modelSignal = models.calls[0]?.signal;
    assert.ok(modelSignal, "the model got a signal");
    assert.notEqual(modelSignal, caller.signal, "the model's signal is the call's own");
    caller.abort(new Error("client went away"));
    await assert.rejects(call, /cancelled by the client/);
    assert.equal(modelSignal.aborted, true);
    assert.equal(getEventListeners(caller.signal, "abort").length, 0);
  });

  it("reports a call past its deadline as timed out, not as cancelled", async () => {
    const models = new FakeModels();
    models.script(entry.modelId, { text: "never", gate: new Promise(() => {}) });
    const caller = new AbortController();
    const opinion = await callModel(request(models), policy(caller.signal, 50));
    assert.equal(opinion.error, true);
    assert.match(opinion.response, /deadline|timed out/i);
    assert.equal(models.calls[0]?.signal?.aborted, true);
    assert.equal(caller.signal.aborted, false);
    assert.equal(getEventListeners(caller.signal, "abort").length, 0);
  });
});
