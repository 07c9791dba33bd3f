// Contract cases for the idempotency port's claims: a key is claimed by one holder at a time, per
// owner; its holder renews or releases it; another takes it only once it went stale; many claims at
// once leave exactly one holder. (Entries are written with their turn: see conversations/turn-cases.)

import assert from "node:assert/strict";
import { it } from "node:test";
import type { Store } from "../../../src/store/store.ts";
import { createClock, creatingTurn } from "./fixtures.ts";

const at = (second: number) => new Date(Date.UTC(2026, 4, 1, 12, 0, second)).toISOString();

/** Registers the idempotency cases against the store `current` returns. */
export function describeIdempotencyCases(current: () => Store): void {
  it("gives a free key to the first holder, lets it renew, and refuses another while it is fresh", async () => {
    const { idempotency } = current();
    assert.equal(await idempotency.claim("ann", "key", "node-a", at(10), at(0)), true);
    assert.equal(await idempotency.claim("ann", "key", "node-a", at(20), at(5)), true, "renewed");
    assert.equal(await idempotency.claim("ann", "key", "node-b", at(25), at(15)), false);
  });

  it("lets another holder take a claim last renewed before the stale time, and only then", async () => {
    const { idempotency } = current();
    await idempotency.claim("ann", "key", "node-a", at(10), at(0));
    assert.equal(
      await idempotency.claim("ann", "key", "node-b", at(30), at(10)),
      false,
      "renewed at 10: fresh",
    );
    assert.equal(await idempotency.claim("ann", "key", "node-b", at(40), at(11)), true, "stale since 11");
    assert.equal(
      await idempotency.claim("ann", "key", "node-a", at(41), at(31)),
      false,
      "node-b holds it now",
    );
  });

  it("frees a key when its holder releases it, and keeps it when another tries to", async () => {
    const { idempotency } = current();
    await idempotency.claim("ann", "key", "node-a", at(10), at(0));
    await idempotency.release("ann", "key", "node-b");
    assert.equal(
      await idempotency.claim("ann", "key", "node-b", at(11), at(1)),
      false,
      "not node-b's to release",
    );
    await idempotency.release("ann", "key", "node-a");
    assert.equal(await idempotency.claim("ann", "key", "node-b", at(12), at(2)), true);
    await idempotency.release("ann", "never-claimed", "node-a");
  });

  it("keeps owners apart: the same key of two owners is two keys", async () => {
    const { idempotency } = current();
    assert.equal(await idempotency.claim("ann", "key", "node-a", at(10), at(0)), true);
    assert.equal(await idempotency.claim("bob", "key", "node-b", at(10), at(0)), true);
    await idempotency.release("bob", "key", "node-a");
    assert.equal(await idempotency.claim("ann", "key", "node-b", at(11), at(1)), false);
  });

  it("leaves exactly one holder of many claims made at once", async () => {
    const { idempotency } = current();
    const holders = Array.from({ length: 12 }, (_, index) => `node-${index}`);
    const outcomes = await Promise.all(
      holders.map((holder) => idempotency.claim("ann", "busy", holder, at(10), at(0))),
    );
    assert.equal(outcomes.filter(Boolean).length, 1);
  });

  it("keeps the entry a turn stored after its claim is released, and finds nothing for an unknown key", async () => {
    const store = current();
    const clock = createClock();
    assert.equal(await store.idempotency.find("ann", "key"), undefined);
    await store.idempotency.claim("ann", "key", "node-a", at(10), at(0));
    const turn = creatingTurn(clock);
    const idempotency = {
      key: "key",
      tool: "agent.second_opinion",
      fingerprint: "f",
      conversationCreated: true,
      createdAt: clock(),
    };
    await store.conversations.of("ann").saveTurn({ ...turn, idempotency });
    await store.idempotency.release("ann", "key", "node-a");
    assert.equal((await store.idempotency.find("ann", "key"))?.conversationId, turn.conversationId);
    assert.equal(await store.idempotency.find("bob", "key"), undefined);
  });
}
