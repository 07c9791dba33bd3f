// Contract cases for the spend port: spend adds up per owner and day; a reservation is made only while
// it fits beside the day's spend and the owner's other reservations, many made at once admit no more than fit, charges
// move the actual cost out of the reservation into the spend, a released or expired reservation stops
// counting, and owners and days are counted apart.

import assert from "node:assert/strict";
import { it } from "node:test";
import type { Store } from "../../../src/store/store.ts";

/** Registers the spend cases against the store `current` returns. */
export function describeSpendCases(current: () => Store): void {
  const day = "2026-11-30";
  const now = Date.UTC(2026, 10, 30, 12);
  const minute = 60_000;
  const reservation = (id: string, usd: number, expiresAt = now + minute) => ({ id, day, usd, expiresAt });
  const close = (actual: number, expected: number) =>
    assert.ok(Math.abs(actual - expected) < 1e-9, `${actual} is not ${expected}`);

  it("adds spend up per owner and day, and reads a day without spend as 0", async () => {
    const store = current();
    assert.equal(await store.spend.spentOn("ann", day), 0);
    await store.spend.add("ann", day, 0.25);
    await store.spend.add("ann", day, 0.5);
    await store.spend.add("ann", "2026-12-01", 2);
    await store.spend.add("bob", day, 4);
    await Promise.all(Array.from({ length: 20 }, () => store.spend.add("cat", day, 0.125)));
    close(await store.spend.spentOn("ann", day), 0.75);
    close(await store.spend.spentOn("ann", "2026-12-01"), 2);
    close(await store.spend.spentOn("bob", day), 4);
    close(await store.spend.spentOn("cat", day), 2.5);
    assert.equal(await store.spend.spentOn("dan", day), 0);
  });

  it("reserves while the worst case fits beside the day's spend and running calls, and says what was spent and held when not", async () => {
    const store = current();
    await store.spend.add("ann", day, 0.3);
    assert.deepEqual(await store.spend.reserve("ann", reservation("a", 0.4), 1, now), { reserved: true });
    const refused = await store.spend.reserve("ann", reservation("b", 0.4), 1, now);
    assert.equal(refused.reserved, false);
    if (!refused.reserved) {
      close(refused.spentUsd, 0.3);
      close(refused.heldUsd, 0.4);
    }
    // Exactly what is left fits (0.3 + 0.4 + 0.3 is a hair over 1 in binary).
    assert.deepEqual(await store.spend.reserve("ann", reservation("c", 0.3), 1, now), { reserved: true });
    close(await store.spend.heldOn("ann", day, now), 0.7);
    // Another owner, and another day of the same owner, have budgets of their own.
    assert.deepEqual(await store.spend.reserve("bob", reservation("d", 0.9), 1, now), { reserved: true });
    const tomorrow = { ...reservation("e", 0.9), day: "2026-12-01" };
    assert.deepEqual(await store.spend.reserve("ann", tomorrow, 1, now), { reserved: true });
    close(await store.spend.heldOn("ann", day, now), 0.7);
  });

  it("admits no more of many reservations asked at once than the budget fits", async () => {
    const store = current();
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        store.spend.reserve("ann", reservation(`r${index}`, 0.1), 0.35, now),
      ),
    );
    assert.equal(outcomes.filter((outcome) => outcome.reserved).length, 3);
    close(await store.spend.heldOn("ann", day, now), 0.3);
  });

  it("charges the actual cost out of the reservation into the spend, and lets go of the rest on release", async () => {
    const store = current();
    await store.spend.reserve("ann", reservation("call", 0.5), 1, now);
    await store.spend.charge("ann", "call", day, 0.2);
    close(await store.spend.spentOn("ann", day), 0.2);
    close(await store.spend.heldOn("ann", day, now), 0.3);
    // More than was reserved: all of it is spent, and the reservation holds nothing (never less).
    await store.spend.charge("ann", "call", day, 0.4);
    close(await store.spend.spentOn("ann", day), 0.6);
    close(await store.spend.heldOn("ann", day, now), 0);
    await store.spend.release("ann", "call");
    assert.equal(await store.spend.renew("ann", "call", now + minute), false);
    // A charge after the release (or of a reservation gone) is still spend.
    await store.spend.charge("ann", "call", day, 0.1);
    close(await store.spend.spentOn("ann", day), 0.7);
    assert.equal((await store.spend.reserve("ann", reservation("next", 0.4), 1, now)).reserved, false);
    assert.equal((await store.spend.reserve("ann", reservation("next", 0.3), 1, now)).reserved, true);
  });

  it("stops counting a reservation whose holder stopped renewing it once it expires, and deletes it", async () => {
    const store = current();
    await store.spend.reserve("ann", reservation("alive", 0.8, now + 1000), 1, now);
    assert.equal((await store.spend.reserve("ann", reservation("x", 0.5), 1, now + 500)).reserved, false);
    assert.equal(await store.spend.renew("ann", "alive", now + 2000), true);
    assert.equal((await store.spend.reserve("ann", reservation("y", 0.5), 1, now + 1500)).reserved, false);
    close(await store.spend.heldOn("ann", day, now + 1500), 0.8);
    close(await store.spend.heldOn("ann", day, now + 2000), 0);
    assert.equal((await store.spend.reserve("ann", reservation("z", 0.5), 1, now + 2500)).reserved, true);
    assert.equal(await store.spend.renew("ann", "alive", now + 5000), false, "the expired one is gone");
    // Another owner's reservation is not the caller's to renew or release.
    assert.equal(await store.spend.renew("bob", "z", now + 5000), false);
    await store.spend.release("bob", "z");
    close(await store.spend.heldOn("ann", day, now + 2500), 0.5);
  });
}
