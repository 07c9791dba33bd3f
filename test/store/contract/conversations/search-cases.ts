// Store contract: full-text search (ranked, one hit per conversation, only the owner's, every model's
// opinion searchable, kept in step with new turns, late opinions and deletions).

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Store } from "../../../../src/store/store.ts";
import { createClock, newMessage } from "../fixtures.ts";

/** Stores a turn of `owner` in a new conversation `id`. */
async function turn(
  store: Store,
  clock: () => string,
  owner: string,
  id: string,
  question: string,
  answer: string,
  opinions: string[] = [],
) {
  const metadata =
    opinions.length > 0
      ? {
          secondOpinion: {
            primary: { model: "a", response: opinions[0] },
            secondaryOpinions: opinions.slice(1).map((response, index) => ({ model: `m${index}`, response })),
          },
        }
      : {};
  return store.conversations.of(owner).saveTurn({
    conversationId: id,
    create: { title: question, createdAt: clock() },
    messages: [newMessage("user", question, clock()), newMessage("assistant", answer, clock(), { metadata })],
  });
}

/** Registers the search cases; `store` returns the store opened for the running case. */
export function describeSearchCases(store: () => Store): void {
  describe("search", () => {
    it("finds conversations by any word of a question, answer or opinion, best first, one hit each", async () => {
      const clock = createClock();
      await turn(store(), clock, "ann", "rust", "How does the borrow checker work?", "It tracks ownership.");
      await turn(store(), clock, "ann", "db", "Which database for events?", "PostgreSQL.", [
        "PostgreSQL with partitions.",
        "Consider the borrow of connections from a pool.",
      ]);
      await turn(
        store(),
        clock,
        "ann",
        "both",
        "Borrow checker and borrow splitting",
        "Borrowing rules: borrow wisely.",
      );
      const hits = await store().conversations.of("ann").search(["borrow"], 10);
      assert.deepEqual(hits.map((hit) => hit.conversationId).sort(), ["both", "db", "rust"]);
      assert.equal(hits[0]?.conversationId, "both", "the conversation using the word most ranks first");
      assert.ok(hits.every((hit, index) => index === 0 || (hits[index - 1]?.score ?? 0) >= hit.score));
      const fromOpinion = hits.find((hit) => hit.conversationId === "db");
      assert.match(fromOpinion?.snippet ?? "", /\*\*borrow\*\*/);
      assert.equal(fromOpinion?.title, "Which database for events?");
      assert.equal((await store().conversations.of("ann").search(["borrow"], 1)).length, 1);
    });

    it("needs every word, takes the last one as a prefix, and stems", async () => {
      const clock = createClock();
      await turn(store(), clock, "ann", "a", "Deploying containers on Kubernetes", "Use a Deployment.");
      await turn(store(), clock, "ann", "b", "Containers without orchestration", "Docker Compose.");
      assert.deepEqual(
        (await store().conversations.of("ann").search(["containers", "kube"], 10)).map(
          (hit) => hit.conversationId,
        ),
        ["a"],
      );
      assert.deepEqual(
        (await store().conversations.of("ann").search(["container"], 10))
          .map((hit) => hit.conversationId)
          .sort(),
        ["a", "b"],
      );
      assert.deepEqual(await store().conversations.of("ann").search(["nothinglikethis"], 10), []);
    });

    it("finds only the owner's conversations, sees new turns and forgets deleted ones", async () => {
      const clock = createClock();
      await turn(store(), clock, "ann", "ann-1", "Secret zebra plan", "Stripes.");
      await turn(store(), clock, "bob", "bob-1", "Zebra facts", "Also stripes.");
      assert.deepEqual(
        (await store().conversations.of("bob").search(["zebra"], 10)).map((hit) => hit.conversationId),
        ["bob-1"],
      );
      await store()
        .conversations.of("ann")
        .saveTurn({
          conversationId: "ann-1",
          messages: [
            newMessage("user", "And the giraffe?", clock()),
            newMessage("assistant", "Spots.", clock()),
          ],
        });
      assert.deepEqual(
        (await store().conversations.of("ann").search(["giraffe"], 10)).map((hit) => hit.conversationId),
        ["ann-1"],
      );
      assert.equal(await store().conversations.of("ann").delete("ann-1"), true);
      assert.deepEqual(await store().conversations.of("ann").search(["zebra"], 10), []);
      assert.deepEqual(await store().conversations.of("ann").search(["giraffe"], 10), []);
    });

    it("finds a late opinion once it replaces its placeholder, and no longer the placeholder", async () => {
      const clock = createClock();
      const saved = await turn(store(), clock, "ann", "late", "Which queue?", "Use a log.", [
        "A log of events.",
        "Placeholder: still running when the answer was due.",
      ]);
      const answer = saved.messages[1];
      assert.ok(answer);
      assert.deepEqual(await store().conversations.of("ann").search(["quokka"], 10), []);
      const secondOpinion = answer.metadata.secondOpinion as { secondaryOpinions: object[] };
      const landed = {
        secondOpinion: {
          ...secondOpinion,
          secondaryOpinions: [{ model: "m0", response: "A quokka-shaped broker.", late: true }],
        },
      };
      assert.equal(await store().conversations.of("ann").updateMessageMetadata(answer.id, landed), true);
      const hits = await store().conversations.of("ann").search(["quokka"], 10);
      assert.deepEqual(
        hits.map((hit) => [hit.conversationId, hit.messageId]),
        [["late", answer.id]],
      );
      assert.match(hits[0]?.snippet ?? "", /\*\*quokka\*\*/);
      assert.deepEqual(await store().conversations.of("ann").search(["placeholder"], 10), []);
      assert.equal((await store().conversations.of("ann").search(["log", "events"], 10)).length, 1);
      assert.deepEqual(await store().conversations.of("bob").search(["quokka"], 10), []);
    });

    it("treats quotes and operators in words as plain text", async () => {
      const clock = createClock();
      await turn(store(), clock, "ann", "q", 'He said "NEAR" and OR', "fine");
      assert.equal((await store().conversations.of("ann").search(["NEAR", 'a"b', "OR"], 10)).length, 0);
      assert.equal((await store().conversations.of("ann").search(["NEAR", "OR"], 10)).length, 1);
    });
  });
}
