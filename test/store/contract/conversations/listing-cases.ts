// Store contract: conversations (lookup, listing per user with keyset pages, deletion, lifecycle).

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type Conversation, localOwner, type Store } from "../../../../src/store/store.ts";
import { appendTurn, createClock, createConversation, creatingTurn, owner, readAll } from "../fixtures.ts";

/** Every conversation of `userId`, read in pages of `limit`, as ids. */
async function listAll(store: Store, userId: string, limit = 100): Promise<string[]> {
  const ids: string[] = [];
  let after: Conversation | undefined;
  for (let hasMore = true; hasMore; ) {
    const page = await store.conversations.of(userId).list({ after, limit });
    ids.push(...page.conversations.map((conversation) => conversation.id));
    after = page.conversations.at(-1);
    hasMore = page.hasMore;
  }
  return ids;
}

/** Registers the conversation cases; `store` returns the store opened for the running case. */
export function describeConversationCases(store: () => Store): void {
  /** The conversations of {@link owner} in the store of the running case. */
  const owned = () => store().conversations.of(owner);
  describe("conversations", () => {
    it("reads an unknown conversation as undefined", async () => {
      assert.equal(await owned().get("no-such-conversation"), undefined);
    });

    it("renames the owner's conversation and nobody else's", async () => {
      const clock = createClock();
      await createConversation(store(), clock, { id: "named", userId: "user-1", title: "Old title" });
      assert.equal(
        (await store().conversations.of("user-1").rename("named", "New title"))?.title,
        "New title",
      );
      assert.equal((await store().conversations.of("user-1").get("named"))?.title, "New title");
      assert.equal(await store().conversations.of("user-2").rename("named", "Stolen"), undefined);
      assert.equal((await store().conversations.of("user-1").get("named"))?.title, "New title");
    });

    it("lists a user's conversations most recently updated first", async () => {
      const clock = createClock();
      const first = await createConversation(store(), clock, { id: "first", userId: "user-1" });
      await createConversation(store(), clock, { id: "second", userId: "user-1" });
      await createConversation(store(), clock, { id: "third", userId: "user-1" });
      await appendTurn(store(), clock, first.conversation.id);

      const page = await store().conversations.of("user-1").list({ limit: 10 });
      assert.deepEqual(
        page.conversations.map((conversation) => conversation.id),
        ["first", "third", "second"],
      );
      assert.equal(page.hasMore, false);
      assert.deepEqual(page.conversations[0], await owned().get("first"));
    });

    it("breaks ties in update time by id, descending", async () => {
      for (const id of ["b", "c", "a"]) {
        const turn = creatingTurn(createClock(), { id });
        turn.messages = turn.messages.map((message) => ({
          ...message,
          createdAt: "2026-02-01T00:00:00.000Z",
        }));
        await owned().saveTurn(turn);
      }
      assert.deepEqual(await listAll(store(), "user-1", 1), ["c", "b", "a"]);
    });

    it("keeps keyset pages stable when a conversation is added between pages", async () => {
      const clock = createClock();
      const ids: string[] = [];
      for (let index = 0; index < 5; index++) {
        ids.push((await createConversation(store(), clock, { userId: "user-1" })).conversation.id);
      }
      const firstPage = await store().conversations.of("user-1").list({ limit: 2 });
      assert.equal(firstPage.hasMore, true);
      const added = await createConversation(store(), clock, { userId: "user-1" });

      const rest: string[] = [];
      let after = firstPage.conversations.at(-1);
      for (let hasMore = true; hasMore; ) {
        const page = await store().conversations.of("user-1").list({ after, limit: 2 });
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
      const doomed = await owned().saveTurn({
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

      assert.equal(await owned().delete(doomedId), true);
      assert.equal(await owned().get(doomedId), undefined);
      assert.deepEqual(await owned().getMessages(doomed.messages.map((message) => message.id)), []);
      assert.equal(await store().idempotency.find("user-1", "key-1"), undefined);
      assert.deepEqual(await listAll(store(), "user-1"), [kept.conversation.id]);
      assert.deepEqual(await readAll(store(), kept.conversation.id), kept.messages);

      assert.equal(await owned().delete(doomedId), false);
      assert.equal(await owned().delete("no-such-conversation"), false);
    });
  });
}
