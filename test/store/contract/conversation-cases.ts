// Store contract: conversations (lookup, listing per user with keyset pages, deletion, lifecycle).

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type Conversation, localOwner, type Store } from "../../../src/store/store.ts";
import { appendTurn, createClock, createConversation, creatingTurn, owner, readAll } from "./fixtures.ts";

/** Every conversation of `userId`, read in pages of `limit`, as ids. */
async function listAll(store: Store, userId: string, limit = 100): Promise<string[]> {
  const ids: string[] = [];
  let after: Conversation | undefined;
  for (let hasMore = true; hasMore; ) {
    const page = await store.listConversations(userId, { after, limit });
    ids.push(...page.conversations.map((conversation) => conversation.id));
    after = page.conversations.at(-1);
    hasMore = page.hasMore;
  }
  return ids;
}

/** Registers the conversation cases; `store` returns the store opened for the running case. */
export function describeConversationCases(store: () => Store): void {
  describe("conversations", () => {
    it("reports itself healthy and reads an unknown conversation as undefined", async () => {
      assert.deepEqual(await store().health(), { reachable: true, writable: true });
      assert.equal(await store().getConversation(owner, "no-such-conversation"), undefined);
    });

    it("renames the owner's conversation and nobody else's", async () => {
      const clock = createClock();
      await createConversation(store(), clock, { id: "named", userId: "user-1", title: "Old title" });
      assert.equal((await store().renameConversation("user-1", "named", "New title"))?.title, "New title");
      assert.equal((await store().getConversation("user-1", "named"))?.title, "New title");
      assert.equal(await store().renameConversation("user-2", "named", "Stolen"), undefined);
      assert.equal((await store().getConversation("user-1", "named"))?.title, "New title");
    });

    it("lists a user's conversations most recently updated first", async () => {
      const clock = createClock();
      const first = await createConversation(store(), clock, { id: "first", userId: "user-1" });
      await createConversation(store(), clock, { id: "second", userId: "user-1" });
      await createConversation(store(), clock, { id: "third", userId: "user-1" });
      await appendTurn(store(), clock, first.conversation.id);

      const page = await store().listConversations("user-1", { limit: 10 });
      assert.deepEqual(
        page.conversations.map((conversation) => conversation.id),
        ["first", "third", "second"],
      );
      assert.equal(page.hasMore, false);
      assert.deepEqual(page.conversations[0], await store().getConversation(owner, "first"));
    });

    it("breaks ties in update time by id, descending", async () => {
      for (const id of ["b", "c", "a"]) {
        const turn = creatingTurn(createClock(), { id });
        turn.messages = turn.messages.map((message) => ({
          ...message,
          createdAt: "2026-02-01T00:00:00.000Z",
        }));
        await store().saveTurn(owner, turn);
      }
      assert.deepEqual(await listAll(store(), "user-1", 1), ["c", "b", "a"]);
    });

    it("keeps keyset pages stable when a conversation is added between pages", async () => {
      const clock = createClock();
      const ids: string[] = [];
      for (let index = 0; index < 5; index++) {
        ids.push((await createConversation(store(), clock, { userId: "user-1" })).conversation.id);
      }
      const firstPage = await store().listConversations("user-1", { limit: 2 });
      assert.equal(firstPage.hasMore, true);
      const added = await createConversation(store(), clock, { userId: "user-1" });

      const rest: string[] = [];
      let after = firstPage.conversations.at(-1);
      for (let hasMore = true; hasMore; ) {
        const page = await store().listConversations("user-1", { after, limit: 2 });
        rest.push(...page.conversations.map((conversation) => conversation.id));
        after = page.conversations.at(-1);
        hasMore = page.hasMore;
      }

      const seen = [...firstPage.conversations.map((conversation) => conversation.id), ...rest];
      assert.deepEqual(seen, ids.toReversed());
      assert.deepEqual((await listAll(store(), "user-1"))[0], added.conversation.id);
    });

    it("keeps owners apart, the local user included", async () => {
      const clock = createClock();
      const owners = { "user-a": ["a1", "a2"], "user-b": ["b1"], [localOwner]: ["n1", "n2"] };
      for (const [userId, ids] of Object.entries(owners)) {
        for (const id of ids) await createConversation(store(), clock, { id, userId });
      }

      assert.deepEqual(await listAll(store(), "user-a", 1), ["a2", "a1"]);
      assert.deepEqual(await listAll(store(), "user-b", 1), ["b1"]);
      assert.deepEqual(await listAll(store(), localOwner, 1), ["n2", "n1"]);
      assert.deepEqual(await listAll(store(), "user-c"), []);
    });

    it("deletes a conversation with its messages and idempotency records", async () => {
      const clock = createClock();
      const doomed = await store().saveTurn(owner, {
        ...creatingTurn(clock),
        idempotency: {
          key: "key-1",
          tool: "agent.second_opinion",
          fingerprint: "fingerprint",
          conversationCreated: true,
          createdAt: clock(),
        },
      });
      const kept = await createConversation(store(), clock, { userId: "user-1" });
      const doomedId = doomed.conversation.id;

      assert.equal(await store().deleteConversation(owner, doomedId), true);
      assert.equal(await store().getConversation(owner, doomedId), undefined);
      assert.deepEqual(
        await store().getMessages(
          owner,
          doomed.messages.map((message) => message.id),
        ),
        [],
      );
      assert.equal(await store().findIdempotencyEntry("user-1", "key-1"), undefined);
      assert.deepEqual(await listAll(store(), "user-1"), [kept.conversation.id]);
      assert.deepEqual(await readAll(store(), kept.conversation.id), kept.messages);

      assert.equal(await store().deleteConversation(owner, doomedId), false);
      assert.equal(await store().deleteConversation(owner, "no-such-conversation"), false);
    });

    it("keeps one secret signing key", async () => {
      const key = await store().signingKey();
      assert.ok(key.length >= 32, "a long random key");
      assert.equal(await store().signingKey(), key);
    });

    it("can be closed more than once", async () => {
      await store().close();
      await store().close();
    });
  });
}
