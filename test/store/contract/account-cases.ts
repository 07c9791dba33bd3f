// Contract cases for the accounts port: API keys are stored as given (only the hash of their secret),
// found by public id, listed newest first, revoked once, and a public id is never given twice.

import assert from "node:assert/strict";
import { it } from "node:test";
import type { ApiKeyRecord } from "../../../src/store/accounts.ts";
import type { Store } from "../../../src/store/store.ts";

/** A key record made at `createdAt`, not revoked. */
function keyRecord(id: string, createdAt: string, details: Partial<ApiKeyRecord> = {}): ApiKeyRecord {
  return {
    id,
    userId: `user-of-${id}`,
    tier: "user",
    hash: `hash-of-${id}`,
    createdAt,
    revokedAt: null,
    ...details,
  };
}

/** Registers the account cases against the store `current` returns. */
export function describeAccountCases(current: () => Store): void {
  it("finds a saved key by its public id, exactly as saved and not revoked", async () => {
    const { accounts } = current();
    const record = keyRecord("aiu_one", "2026-03-01T10:00:00.000Z", { userId: "ann", tier: "team" });
    await accounts.saveKey({ ...record, revokedAt: "2026-03-01T11:00:00.000Z" });
    assert.deepEqual(await accounts.findKey("aiu_one"), record);
    assert.equal(await accounts.findKey("aiu_none"), undefined);
    assert.equal(await accounts.findKey("AIU_ONE"), undefined, "ids are exact");
  });

  it("lists every key newest first, ties by id", async () => {
    const { accounts } = current();
    await accounts.saveKey(keyRecord("b", "2026-03-01T10:00:00.000Z"));
    await accounts.saveKey(keyRecord("c", "2026-03-02T10:00:00.000Z"));
    await accounts.saveKey(keyRecord("a", "2026-03-01T10:00:00.000Z"));
    assert.deepEqual(
      (await accounts.listKeys()).map((key) => key.id),
      ["c", "a", "b"],
    );
  });

  it("revokes a key once, at the time given, and no other key", async () => {
    const { accounts } = current();
    await accounts.saveKey(keyRecord("doomed", "2026-03-01T10:00:00.000Z"));
    await accounts.saveKey(keyRecord("kept", "2026-03-01T10:00:00.000Z"));
    assert.equal(await accounts.revokeKey("doomed", "2026-03-05T00:00:00.000Z"), true);
    assert.equal(await accounts.revokeKey("doomed", "2026-03-06T00:00:00.000Z"), false, "already revoked");
    assert.equal(await accounts.revokeKey("missing", "2026-03-06T00:00:00.000Z"), false);
    assert.equal((await accounts.findKey("doomed"))?.revokedAt, "2026-03-05T00:00:00.000Z");
    assert.equal((await accounts.findKey("kept"))?.revokedAt, null);
    assert.deepEqual(
      (await accounts.listKeys()).map((key) => [key.id, key.revokedAt]),
      [
        ["doomed", "2026-03-05T00:00:00.000Z"],
        ["kept", null],
      ],
    );
  });

  it("refuses a second key with a public id already used, and keeps the first", async () => {
    const { accounts } = current();
    const first = keyRecord("aiu_same", "2026-03-01T10:00:00.000Z", { userId: "ann" });
    await accounts.saveKey(first);
    await assert.rejects(
      accounts.saveKey(keyRecord("aiu_same", "2026-03-02T10:00:00.000Z", { userId: "eve" })),
    );
    assert.deepEqual(await accounts.findKey("aiu_same"), first);
    assert.equal((await accounts.listKeys()).length, 1);
  });
}
