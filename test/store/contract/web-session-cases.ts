// Contract cases for the web-sessions port: a session is found by the hash of its id until its time runs
// out, not after; signing out deletes it (on every node, since it is a row); a new session sweeps the
// sessions whose time ran out.

import assert from "node:assert/strict";
import { it } from "node:test";
import type { Store } from "../../../src/store/store.ts";
import type { WebSessionRecord } from "../../../src/store/web-sessions.ts";

/** Registers the web-session cases against the store `current` returns. */
export function describeWebSessionCases(current: () => Store): void {
  const now = Date.parse("2026-03-01T10:00:00Z");
  const hour = 3_600_000;
  const session = (hash: string, fields: Partial<WebSessionRecord> = {}): WebSessionRecord => ({
    hash,
    userId: "ann",
    tier: "user",
    credentialId: "aiu_0123456789ab",
    createdAt: now,
    expiresAt: now + hour,
    ...fields,
  });

  it("finds a web session by its hash until its time runs out", async () => {
    const store = current();
    await store.webSessions.save(session("a".repeat(64)));
    assert.deepEqual(await store.webSessions.find("a".repeat(64), now + hour), session("a".repeat(64)));
    assert.equal(await store.webSessions.find("a".repeat(64), now + hour + 1), undefined);
    assert.equal(await store.webSessions.find("b".repeat(64), now), undefined);
  });

  it("ends a web session at sign-out", async () => {
    const store = current();
    await store.webSessions.save(session("c".repeat(64)));
    await store.webSessions.save(session("d".repeat(64), { userId: "bob" }));
    assert.equal(await store.webSessions.delete("c".repeat(64)), true);
    assert.equal(await store.webSessions.find("c".repeat(64), now), undefined);
    assert.equal(await store.webSessions.delete("c".repeat(64)), false);
    assert.equal((await store.webSessions.find("d".repeat(64), now))?.userId, "bob");
  });

  it("deletes the sessions whose time ran out when a new one is made", async () => {
    const store = current();
    await store.webSessions.save(session("e".repeat(64), { expiresAt: now + 10 }));
    await store.webSessions.save(session("f".repeat(64), { createdAt: now + 20, expiresAt: now + hour }));
    assert.equal(await store.webSessions.delete("e".repeat(64)), false, "an expired session was kept");
    assert.equal(await store.webSessions.delete("f".repeat(64)), true);
  });
}
