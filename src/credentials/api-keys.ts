// API keys: made once and shown once, stored only as a hash, compared in constant time. A key reads
// `aiu_<id>.<secret>`: the id is public (it names the key in `keys list` and `keys revoke`), the
// secret is 32 random bytes of which the store keeps the SHA-256.

import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { AccountStore, ApiKeyRecord } from "../store/accounts.ts";

const keyPattern = /^(aiu_[a-z0-9]{12})\.([A-Za-z0-9_-]{43})$/;

/** A new key for `userId` in `tier`: the key to show once, and the record to store. */
export function newApiKey(userId: string, tier: string, now: Date): { key: string; record: ApiKeyRecord } {
  const id = `aiu_${randomBytes(8).toString("hex").slice(0, 12)}`;
  const secret = randomBytes(32).toString("base64url");
  return {
    key: `${id}.${secret}`,
    record: { id, userId, tier, hash: hashOf(secret), createdAt: now.toISOString(), revokedAt: null },
  };
}

/** The stored key `presented` is, when it is well formed, known, not revoked and its secret matches. */
export async function verifyApiKey(
  store: Pick<AccountStore, "findKey">,
  presented: string,
): Promise<ApiKeyRecord | undefined> {
  const match = keyPattern.exec(presented.trim());
  if (!match?.[1] || !match[2]) return undefined;
  const record = await store.findKey(match[1]);
  const expected = Buffer.from(record?.hash ?? "0".repeat(64), "hex");
  const matches = timingSafeEqual(Buffer.from(hashOf(match[2]), "hex"), expected);
  return matches && record && record.revokedAt === null ? record : undefined;
}

function hashOf(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}
