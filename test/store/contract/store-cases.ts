// Contract cases for what concerns a store as a whole: its health, its signing key, closing it, and
// the ports it holds.

import assert from "node:assert/strict";
import { it } from "node:test";
import { type Store, storePorts } from "../../../src/store/store.ts";

/** Registers the whole-store cases against the store `current` returns. */
export function describeStoreCases(current: () => Store): void {
  it("holds every port, and reports itself reachable and writable", async () => {
    const store = current();
    for (const port of storePorts) assert.equal(typeof store[port], "object", port);
    assert.deepEqual(await store.health(), { reachable: true, writable: true });
  });

  it("keeps one secret signing key", async () => {
    const key = await current().signingKey();
    assert.ok(key.length >= 32, "a long random key");
    assert.equal(await current().signingKey(), key);
  });

  it("can be closed more than once", async () => {
    await current().close();
    await current().close();
  });
}
