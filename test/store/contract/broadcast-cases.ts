// Contract cases for the broadcast port: a subscriber hears what is published on its channel, and
// only that, in order; after it stops, it hears nothing more.

import assert from "node:assert/strict";
import { it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import type { Store } from "../../../src/store/store.ts";

/** Registers the broadcast cases against the store `current` returns. */
export function describeBroadcastCases(current: () => Store): void {
  it("delivers what is published on a channel to its subscribers, in order, and only theirs", async () => {
    const store = current();
    const heard: string[] = [];
    const other: string[] = [];
    const stop = await store.broadcast.subscribe("contract_first", (payload) => heard.push(payload));
    await store.broadcast.subscribe("contract_second", (payload) => other.push(payload));
    for (const payload of ["one", "two", "three"]) await store.broadcast.publish("contract_first", payload);
    await waitFor(() => heard.length === 3);
    assert.deepEqual(heard, ["one", "two", "three"]);
    assert.deepEqual(other, []);
    stop();
    await store.broadcast.publish("contract_first", "after stop");
    await store.broadcast.publish("contract_second", "marker");
    await waitFor(() => other.length === 1);
    assert.deepEqual(heard, ["one", "two", "three"]);
  });
}

/** Waits (up to 5 s) until `condition` holds. */
async function waitFor(condition: () => boolean): Promise<void> {
  const deadline = performance.now() + 5000;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error("timed out waiting for a broadcast");
    await sleep(10);
  }
}
