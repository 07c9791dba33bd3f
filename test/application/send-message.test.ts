// The send-message use case with fake models: one model's turn, the same storage rules as a second
// opinion (a failed write still returns the answer), and exactly-once writes.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { APICallError } from "ai";
import { localCaller } from "../../src/application/caller.ts";
import type { ServiceError } from "../../src/contract/service-error.ts";
import { localOwner } from "../../src/store/store.ts";
import { consultationFixture } from "../support/consultation-fixture.ts";

const signal = new AbortController().signal;

describe("send-message use case", () => {
  it("asks one model with the conversation as context and stores both messages", async () => {
    const { models, application } = consultationFixture();
    const first = await application.sendMessage(localCaller, { content: "FIRST", model: "beta" }, { signal });
    const second = await application.sendMessage(
      localCaller,
      { content: "SECOND", model: "beta", conversationId: first.conversationId },
      { signal },
    );
    assert.equal(second.reply.model, "beta");
    assert.equal(second.reply.tokensUsed, 150);
    assert.equal(second.assistantMessage?.content, second.reply.response);
    assert.equal(second.assistantMessage?.sequence, 4);
    assert.deepEqual(second.persistenceStatus, {
      userMessageSaved: true,
      assistantMessageSaved: true,
      userMessageId: second.userMessage?.id,
      assistantMessageId: second.assistantMessage?.id,
      error: null,
    });
    assert.ok(JSON.stringify(models.callsOf("beta-1")[1]?.prompt).includes("FIRST"));
  });

  it("stores nothing when the model fails, and says which model and why", async () => {
    const { models, application, store } = consultationFixture();
    models.script("alpha-1", {
      error: new APICallError({
        message: "invalid model",
        url: "https://provider.example/v1",
        requestBodyValues: {},
        statusCode: 404,
        isRetryable: false,
      }),
    });
    await assert.rejects(
      application.sendMessage(localCaller, { content: "hello" }, { signal }),
      (error: ServiceError) =>
        error.code === "model_failed" &&
        /Model "alpha" \(alpha-1\) is not available to this Cerebras key \(404\)/.test(error.message),
    );
    assert.equal((await store.conversations.of(localOwner).list({ limit: 10 })).conversations.length, 0);
  });

  it("refuses a message on a store it cannot write, before asking a model (a reply that fails to store later is still returned: store-faults)", async () => {
    const { application, store, models } = consultationFixture();
    await store.close();
    await assert.rejects(
      application.sendMessage(localCaller, { content: "hello" }, { signal }),
      (error: ServiceError) =>
        error.code === "store_unavailable" && /The message was not sent/.test(error.message),
    );
    assert.equal(models.calls.length, 0);
  });

  it("replays a retry with the same key: same messages, no second model call", async () => {
    const { models, application } = consultationFixture();
    const call = { content: "once", idempotencyKey: "key-1" };
    const first = await application.sendMessage(localCaller, call, { signal });
    const again = await application.sendMessage(localCaller, call, { signal });
    assert.deepEqual(again, first);
    assert.equal(models.calls.length, 1);
  });
});
