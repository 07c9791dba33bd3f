// Store contract: saving turns (creation, sequence numbers, atomicity, idempotency, metadata).

import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { describe, it } from "node:test";
import {
  ConversationNotFoundError,
  IdempotencyConflictError,
  type Store,
} from "../../../../src/store/store.ts";
import {
  appendTurn,
  createClock,
  createConversation,
  creatingTurn,
  newMessage,
  owner,
  questionAndAnswer,
  readAll,
} from "../fixtures.ts";

/** Registers the saveTurn cases; `store` returns the store opened for the running case. */
export function describeTurnCases(store: () => Store): void {
  /** The conversations of {@link owner} in the store of the running case. */
  const owned = () => store().conversations.of(owner);
  describe("saveTurn", () => {
    it("creates the conversation with its first turn", async () => {
      const clock = createClock();
      const turn = creatingTurn(clock, { title: "Capitals" });
      const saved = await owned().saveTurn(turn);

      const conversation = await owned().get(turn.conversationId);
      assert.deepEqual(conversation, {
        id: turn.conversationId,
        userId: owner,
        title: "Capitals",
        messageCount: 2,
        createdAt: turn.create?.createdAt,
        updatedAt: turn.messages[1]?.createdAt,
        lastMessagePreview: "Paris.",
      });
      assert.deepEqual(saved.conversation, conversation);
      assert.deepEqual(
        saved.messages.map((message) => [message.id, message.conversationId, message.sequence]),
        turn.messages.map((message, index) => [message.id, turn.conversationId, index + 1]),
      );
      assert.deepEqual(await readAll(store(), turn.conversationId), saved.messages);
    });

    it("numbers messages from 1 with no gaps across turns", async () => {
      const clock = createClock();
      const { conversation } = await createConversation(store(), clock);
      await appendTurn(store(), clock, conversation.id);
      const third = await appendTurn(store(), clock, conversation.id);

      assert.deepEqual(
        third.messages.map((message) => message.sequence),
        [5, 6],
      );
      const messages = await readAll(store(), conversation.id);
      assert.deepEqual(
        messages.map((message) => [message.sequence, message.role]),
        [
          [1, "user"],
          [2, "assistant"],
          [3, "user"],
          [4, "assistant"],
          [5, "user"],
          [6, "assistant"],
        ],
      );
      assert.equal((await owned().get(conversation.id))?.messageCount, 6);
    });

    it("keeps sequences unique and gap-free under 50 concurrent turns", async () => {
      const clock = createClock();
      const conversationId = randomUUID();
      await owned().saveTurn({
        conversationId,
        create: { title: "Busy", createdAt: clock() },
        messages: [],
      });
      const turns = Array.from({ length: 50 }, () => questionAndAnswer(clock));
      const saved = await Promise.all(
        turns.map((messages) => owned().saveTurn({ conversationId, messages })),
      );

      for (const turn of saved) {
        const [question, answer] = turn.messages;
        assert.equal(
          answer?.sequence,
          (question?.sequence ?? Number.NaN) + 1,
          "a turn's messages are adjacent",
        );
      }
      const messages = await readAll(store(), conversationId);
      assert.deepEqual(
        messages.map((message) => message.sequence),
        Array.from({ length: 100 }, (_, index) => index + 1),
      );
      assert.equal(new Set(messages.map((message) => message.id)).size, 100);
      assert.equal((await owned().get(conversationId))?.messageCount, 100);
    });

    it("writes concurrent turns independently: a failing one does not undo the others", async () => {
      const clock = createClock();
      const { conversation } = await createConversation(store(), clock);
      const missing = randomUUID();
      const outcomes = await Promise.allSettled([
        appendTurn(store(), clock, conversation.id),
        owned().saveTurn({ conversationId: missing, messages: questionAndAnswer(clock) }),
        appendTurn(store(), clock, conversation.id),
      ]);
      assert.deepEqual(
        outcomes.map((outcome) => outcome.status),
        ["fulfilled", "rejected", "fulfilled"],
      );
      assert.ok((outcomes[1] as PromiseRejectedResult).reason instanceof ConversationNotFoundError);
      assert.deepEqual(
        (await readAll(store(), conversation.id)).map((message) => message.sequence),
        [1, 2, 3, 4, 5, 6],
      );
      assert.equal(await owned().get(missing), undefined);
    });

    it("treats create on an existing conversation as an append", async () => {
      const clock = createClock();
      const first = creatingTurn(clock, { title: "Original title" });
      await owned().saveTurn(first);
      const again = await owned().saveTurn(creatingTurn(clock, { id: first.conversationId, title: "Other" }));

      assert.deepEqual(
        again.messages.map((message) => message.sequence),
        [3, 4],
      );
      assert.equal(again.conversation.title, "Original title");
      assert.equal(again.conversation.messageCount, 4);
    });

    it("refuses to create a conversation under an id another user's conversation has", async () => {
      const clock = createClock();
      const theirs = await createConversation(store(), clock, { userId: "someone-else" });
      const turn = creatingTurn(clock, { id: theirs.conversation.id });
      await assert.rejects(
        owned().saveTurn(turn),
        (error: unknown) =>
          error instanceof ConversationNotFoundError && error.conversationId === theirs.conversation.id,
      );

      assert.equal(await owned().get(theirs.conversation.id), undefined);
      assert.deepEqual(await owned().getMessages(turn.messages.map((message) => message.id)), []);
      const untouched = await store().conversations.of("someone-else").get(theirs.conversation.id);
      assert.equal(untouched?.messageCount, 2);
    });

    it("creates a conversation with a turn of no messages", async () => {
      const clock = createClock();
      const saved = await owned().saveTurn({ ...creatingTurn(clock, { title: "Empty" }), messages: [] });

      assert.equal(saved.conversation.title, "Empty");
      assert.equal(saved.conversation.messageCount, 0);
      assert.deepEqual(saved.messages, []);
      const next = await appendTurn(store(), clock, saved.conversation.id);
      assert.deepEqual(
        next.messages.map((message) => message.sequence),
        [1, 2],
      );
    });

    it("refuses a turn on a missing conversation and writes nothing", async () => {
      const clock = createClock();
      const conversationId = randomUUID();
      const messages = questionAndAnswer(clock);
      await assert.rejects(
        owned().saveTurn({
          conversationId,
          messages,
          idempotency: idempotencyFor("key-1", clock()),
        }),
        (error: unknown) =>
          error instanceof ConversationNotFoundError && error.conversationId === conversationId,
      );

      assert.equal(await owned().get(conversationId), undefined);
      assert.deepEqual(await owned().getMessages(messages.map((message) => message.id)), []);
      assert.equal(await store().idempotency.find("user-1", "key-1"), undefined);
    });

    it("stores the idempotency record with the turn", async () => {
      const clock = createClock();
      const turn = creatingTurn(clock);
      const idempotency = { ...idempotencyFor("key-1", clock()), conversationCreated: true };
      await owned().saveTurn({ ...turn, idempotency });

      assert.deepEqual(await store().idempotency.find(owner, "key-1"), {
        ...idempotency,
        userId: owner,
        conversationId: turn.conversationId,
        userMessageId: turn.messages[0]?.id,
        assistantMessageId: turn.messages[1]?.id,
      });
      assert.equal(await store().idempotency.find("user-2", "key-1"), undefined);
    });

    it("refuses a reused idempotency key and stores nothing of that turn", async () => {
      const clock = createClock();
      const first = await owned().saveTurn({
        ...creatingTurn(clock),
        idempotency: idempotencyFor("key-1", clock()),
      });
      const conversationId = first.conversation.id;
      const appended = questionAndAnswer(clock);
      await assert.rejects(
        owned().saveTurn({
          conversationId,
          messages: appended,
          idempotency: idempotencyFor("key-1", clock()),
        }),
        IdempotencyConflictError,
      );
      const created = creatingTurn(clock);
      await assert.rejects(
        owned().saveTurn({ ...created, idempotency: idempotencyFor("key-1", clock()) }),
        IdempotencyConflictError,
      );

      assert.deepEqual(await owned().get(conversationId), first.conversation);
      assert.deepEqual(await readAll(store(), conversationId), first.messages);
      assert.equal(await owned().get(created.conversationId), undefined);
      const refused = [...appended, ...created.messages].map((message) => message.id);
      assert.deepEqual(await owned().getMessages(refused), []);
      assert.equal((await store().idempotency.find("user-1", "key-1"))?.conversationId, conversationId);
    });

    it("lets another user use the same idempotency key", async () => {
      const clock = createClock();
      for (const userId of ["user-1", "user-2"]) {
        await store()
          .conversations.of(userId)
          .saveTurn({
            ...creatingTurn(clock),
            idempotency: idempotencyFor("key", clock()),
          });
      }
      assert.notEqual(
        (await store().idempotency.find("user-1", "key"))?.conversationId,
        (await store().idempotency.find("user-2", "key"))?.conversationId,
      );
    });

    it("renames the conversation in the same transaction when a title is given", async () => {
      const clock = createClock();
      const first = creatingTurn(clock, { title: "Old title" });
      await owned().saveTurn(first);
      const saved = await owned().saveTurn({
        conversationId: first.conversationId,
        messages: questionAndAnswer(clock),
        title: "New title",
      });
      assert.equal(saved.conversation.title, "New title");
      assert.equal((await owned().get(first.conversationId))?.title, "New title");
    });

    it("updates the message count and a one-line preview of the newest message", async () => {
      const clock = createClock();
      const { conversation } = await createConversation(store(), clock);
      const long = `First line of the answer.\n\n${"word ".repeat(100)}`;
      await owned().saveTurn({
        conversationId: conversation.id,
        messages: [newMessage("user", "Tell me more.", clock()), newMessage("assistant", long, clock())],
      });

      const updated = await owned().get(conversation.id);
      assert.equal(updated?.messageCount, 4);
      const preview = updated?.lastMessagePreview ?? "";
      assert.ok(preview.startsWith("First line of the answer. word word"), preview);
      assert.ok(!preview.includes("\n"));
      assert.ok(preview.length <= 160 && preview.length >= 100, `preview length ${preview.length}`);
    });

    it("round-trips message metadata as JSON", async () => {
      const clock = createClock();
      const metadata = {
        secondOpinion: { primary: { model: "gpt", tokens: 12, cost: 0.5 }, secondaries: [{ model: "b" }] },
        flags: [true, false, null],
        note: "ünïcødé ✓",
      };
      const turn = creatingTurn(clock);
      turn.messages = [newMessage("user", "Q", clock()), newMessage("assistant", "A", clock(), { metadata })];
      await owned().saveTurn(turn);

      const [question, answer] = await readAll(store(), turn.conversationId);
      assert.deepEqual(question?.metadata, {});
      assert.deepEqual(answer?.metadata, metadata);
      assert.deepEqual((await owned().getMessages([answer?.id ?? ""]))[0]?.metadata, metadata);
    });
  });
}

function idempotencyFor(key: string, createdAt: string) {
  return {
    key,
    tool: "agent.second_opinion",
    fingerprint: `fingerprint-${key}`,
    conversationCreated: false,
    createdAt,
  };
}
