// Every use case is scoped to its caller: another user's conversation answers exactly like a missing
// one, for reading, listing, continuing, deleting, exporting, asking a stored question again and replaying a key.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Caller } from "../../src/application/caller.ts";
import type { ServiceError } from "../../src/contract/service-error.ts";
import { consultationFixture } from "../support/consultation-fixture.ts";

const signal = new AbortController().signal;
const ann: Caller = { userId: "ann", tier: "admin" };
const bob: Caller = { userId: "bob", tier: "admin" };
const notFound = (error: ServiceError) => error.code === "conversation_not_found";

describe("ownership", () => {
  it("keeps each caller's conversations to themselves on every use case", async () => {
    const { models, application } = consultationFixture();
    const mine = await application.secondOpinion(
      ann,
      { question: "private", maxOpinions: 0, idempotencyKey: "k" },
      { signal },
    );
    const conversationId = mine.conversationId;
    const missing = { conversationId: "00000000-0000-4000-8000-000000000000" };

    for (const input of [{ conversationId }, missing]) {
      await assert.rejects(application.getHistory(bob, input), notFound);
      await assert.rejects(application.exportConversation(bob, input), notFound);
      await assert.rejects(application.readConversationMarkdown(bob, input), notFound);
      await assert.rejects(application.deleteConversation(bob, input), notFound);
      await assert.rejects(application.sendMessage(bob, { content: "x", ...input }, { signal }), notFound);
      await assert.rejects(application.secondOpinion(bob, { question: "x", ...input }, { signal }), notFound);
      await assert.rejects(application.replay(bob, input, { signal }), notFound);
    }
    assert.deepEqual((await application.listConversations(bob, {})).conversations, []);

    const calls = models.calls.length;
    const bobs = await application.secondOpinion(
      bob,
      { question: "private", maxOpinions: 0, idempotencyKey: "k" },
      { signal },
    );
    assert.notEqual(bobs.conversationId, conversationId, "the same key of another caller is another call");
    assert.equal(models.calls.length, calls + 1);

    const history = await application.getHistory(ann, { conversationId });
    assert.equal(history.history.messages.length, 2);
    assert.ok(history.history.messages.every((message) => message.userId === "ann"));
  });
});
