// Store contract: reading messages back (pages, recent window, by id).

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ConversationNotFoundError, type Store } from "../../../src/store/store.ts";
import {
  appendTurn,
  createClock,
  createConversation,
  owner,
  questionAndAnswer,
  readAll,
} from "./fixtures.ts";

/** Creates a conversation holding `turns` question-and-answer turns; returns its id. */
async function conversationWithTurns(store: Store, turns: number): Promise<string> {
  const clock = createClock();
  const { conversation } = await createConversation(store, clock);
  for (let turn = 1; turn < turns; turn++) await appendTurn(store, clock, conversation.id);
  return conversation.id;
}

/** Registers the message-reading cases; `store` returns the store opened for the running case. */
export function describeMessageCases(store: () => Store): void {
  describe("reading messages", () => {
    it("pages through every message once, in order, with hasMore until the last page", async () => {
      const conversationId = await conversationWithTurns(store(), 7);
      const pages: { sequences: number[]; hasMore: boolean }[] = [];
      let afterSequence = 0;
      for (let hasMore = true; hasMore; ) {
        const page = await store().readMessages(owner, conversationId, { afterSequence, limit: 5 });
        pages.push({ sequences: page.messages.map((message) => message.sequence), hasMore: page.hasMore });
        afterSequence = page.messages.at(-1)?.sequence ?? afterSequence;
        hasMore = page.hasMore;
      }

      assert.deepEqual(pages, [
        { sequences: [1, 2, 3, 4, 5], hasMore: true },
        { sequences: [6, 7, 8, 9, 10], hasMore: true },
        { sequences: [11, 12, 13, 14], hasMore: false },
      ]);
    });

    it("reports hasMore exactly when messages remain after the page", async () => {
      const conversationId = await conversationWithTurns(store(), 2);
      assert.equal((await store().readMessages(owner, conversationId, { limit: 4 })).hasMore, false);
      assert.equal((await store().readMessages(owner, conversationId, { limit: 3 })).hasMore, true);
      const tail = await store().readMessages(owner, conversationId, { afterSequence: 4, limit: 3 });
      assert.deepEqual(tail, { messages: [], hasMore: false });
    });

    it("reads an unknown conversation as empty", async () => {
      assert.deepEqual(await store().readMessages(owner, "no-such-conversation", { limit: 10 }), {
        messages: [],
        hasMore: false,
      });
      assert.deepEqual(await store().readRecentMessages(owner, "no-such-conversation", 10), []);
    });

    it("returns the newest messages oldest first", async () => {
      const conversationId = await conversationWithTurns(store(), 3);
      const recent = await store().readRecentMessages(owner, conversationId, 3);
      assert.deepEqual(
        recent.map((message) => [message.sequence, message.role]),
        [
          [4, "assistant"],
          [5, "user"],
          [6, "assistant"],
        ],
      );
      const all = await store().readRecentMessages(owner, conversationId, 50);
      assert.deepEqual(
        all.map((message) => message.sequence),
        [1, 2, 3, 4, 5, 6],
      );
    });

    it("gets messages by id in the order asked, skipping unknown ids", async () => {
      const conversationId = await conversationWithTurns(store(), 2);
      const [first, second, third] = (await store().readMessages(owner, conversationId, { limit: 3 }))
        .messages;
      assert.ok(first && second && third);
      const found = await store().getMessages(owner, [third.id, "no-such-message", first.id, second.id]);
      assert.deepEqual(found, [third, first, second]);
      assert.deepEqual(await store().getMessages(owner, []), []);
    });

    it("shows another owner nothing of a conversation, and lets them change nothing", async () => {
      const conversationId = await conversationWithTurns(store(), 2);
      const before = await readAll(store(), conversationId);
      const other = "user-2";
      assert.equal(await store().getConversation(other, conversationId), undefined);
      assert.deepEqual(await store().readMessages(other, conversationId, { limit: 10 }), {
        messages: [],
        hasMore: false,
      });
      assert.deepEqual(await store().readRecentMessages(other, conversationId, 10), []);
      assert.deepEqual(
        await store().getMessages(
          other,
          before.map((message) => message.id),
        ),
        [],
      );
      assert.equal(await store().deleteConversation(other, conversationId), false);
      await assert.rejects(
        store().saveTurn(other, { conversationId, messages: questionAndAnswer(createClock()) }),
        ConversationNotFoundError,
      );
      assert.deepEqual(await readAll(store(), conversationId), before);
    });

    it("replaces one message's metadata for its owner only, and the next read sees it", async () => {
      const conversationId = await conversationWithTurns(store(), 1);
      const [question, answer] = (await store().readMessages(owner, conversationId, { limit: 10 })).messages;
      assert.ok(question && answer);
      const metadata = { secondOpinion: { late: ["grok"] }, note: "added" };
      assert.equal(await store().updateMessageMetadata("someone-else", answer.id, metadata), false);
      assert.equal(await store().updateMessageMetadata(owner, "no-such-message", metadata), false);
      assert.equal(await store().updateMessageMetadata(owner, answer.id, metadata), true);
      const [read] = await store().getMessages(owner, [answer.id]);
      assert.deepEqual(read?.metadata, metadata);
      assert.equal(read?.content, answer.content);
      const [untouched] = await store().getMessages(owner, [question.id]);
      assert.deepEqual(untouched?.metadata, question.metadata);
    });
  });
}
