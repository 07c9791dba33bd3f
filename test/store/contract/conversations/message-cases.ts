// Store contract: reading messages back (pages, recent window, by id).

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ConversationNotFoundError, type Store } from "../../../../src/store/store.ts";
import {
  appendTurn,
  createClock,
  createConversation,
  owner,
  questionAndAnswer,
  readAll,
} from "../fixtures.ts";

/** Creates a conversation holding `turns` question-and-answer turns; returns its id. */
async function conversationWithTurns(store: Store, turns: number): Promise<string> {
  const clock = createClock();
  const { conversation } = await createConversation(store, clock);
  for (let turn = 1; turn < turns; turn++) await appendTurn(store, clock, conversation.id);
  return conversation.id;
}

/** Registers the message-reading cases; `store` returns the store opened for the running case. */
export function describeMessageCases(store: () => Store): void {
  /** The conversations of {@link owner} in the store of the running case. */
  const owned = () => store().conversations.of(owner);
  describe("reading messages", () => {
    it("pages through every message once, in order, with hasMore until the last page", async () => {
      const conversationId = await conversationWithTurns(store(), 7);
      const pages: { sequences: number[]; hasMore: boolean }[] = [];
      let afterSequence = 0;
      for (let hasMore = true; hasMore; ) {
        const page = await owned().readMessages(conversationId, { afterSequence, limit: 5 });
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
      assert.equal((await owned().readMessages(conversationId, { limit: 4 })).hasMore, false);
      assert.equal((await owned().readMessages(conversationId, { limit: 3 })).hasMore, true);
      const tail = await owned().readMessages(conversationId, { afterSequence: 4, limit: 3 });
      assert.deepEqual(tail, { messages: [], hasMore: false });
    });

    it("reads an unknown conversation as empty", async () => {
      assert.deepEqual(await owned().readMessages("no-such-conversation", { limit: 10 }), {
        messages: [],
        hasMore: false,
      });
      assert.deepEqual(await owned().readRecentMessages("no-such-conversation", 10), []);
    });

    it("returns the newest messages oldest first", async () => {
      const conversationId = await conversationWithTurns(store(), 3);
      const recent = await owned().readRecentMessages(conversationId, 3);
      assert.deepEqual(
        recent.map((message) => [message.sequence, message.role]),
        [
          [4, "assistant"],
          [5, "user"],
          [6, "assistant"],
        ],
      );
      const all = await owned().readRecentMessages(conversationId, 50);
      assert.deepEqual(
        all.map((message) => message.sequence),
        [1, 2, 3, 4, 5, 6],
      );
    });

    it("gets messages by id in the order asked, skipping unknown ids", async () => {
      const conversationId = await conversationWithTurns(store(), 2);
      const [first, second, third] = (await owned().readMessages(conversationId, { limit: 3 })).messages;
      assert.ok(first && second && third);
      const found = await owned().getMessages([third.id, "no-such-message", first.id, second.id]);
      assert.deepEqual(found, [third, first, second]);
      assert.deepEqual(await owned().getMessages([]), []);
    });

    it("shows another owner nothing of a conversation, and lets them change nothing", async () => {
      const conversationId = await conversationWithTurns(store(), 2);
      const before = await readAll(store(), conversationId);
      const other = "user-2";
      assert.equal(await store().conversations.of(other).get(conversationId), undefined);
      assert.deepEqual(await store().conversations.of(other).readMessages(conversationId, { limit: 10 }), {
        messages: [],
        hasMore: false,
      });
      assert.deepEqual(await store().conversations.of(other).readRecentMessages(conversationId, 10), []);
      assert.deepEqual(
        await store()
          .conversations.of(other)
          .getMessages(before.map((message) => message.id)),
        [],
      );
      assert.equal(await store().conversations.of(other).delete(conversationId), false);
      await assert.rejects(
        store()
          .conversations.of(other)
          .saveTurn({ conversationId, messages: questionAndAnswer(createClock()) }),
        ConversationNotFoundError,
      );
      assert.deepEqual(await readAll(store(), conversationId), before);
    });

    it("replaces one message's metadata for its owner only, and the next read sees it", async () => {
      const conversationId = await conversationWithTurns(store(), 1);
      const [question, answer] = (await owned().readMessages(conversationId, { limit: 10 })).messages;
      assert.ok(question && answer);
      const metadata = { secondOpinion: { late: ["grok"] }, note: "added" };
      assert.equal(
        await store().conversations.of("someone-else").updateMessageMetadata(answer.id, metadata),
        false,
      );
      assert.equal(await owned().updateMessageMetadata("no-such-message", metadata), false);
      assert.equal(await owned().updateMessageMetadata(answer.id, metadata), true);
      const [read] = await owned().getMessages([answer.id]);
      assert.deepEqual(read?.metadata, metadata);
      assert.equal(read?.content, answer.content);
      const [untouched] = await owned().getMessages([question.id]);
      assert.deepEqual(untouched?.metadata, question.metadata);
    });
  });
}
