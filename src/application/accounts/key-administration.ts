// Administering API keys (`ai-universe keys`): make one (the key is shown once; only the hash of its
// secret part is stored), list them, revoke one. Every node on the database sees a new or revoked key
// at once. Also the caller a user id stands for, for `ai-universe usage --user`.

import { z } from "zod";
import { defaultTierName, isTierName } from "../../configuration/access.ts";
import { ServiceError } from "../../contract/service-error.ts";
import { validateInput } from "../../contract/validate-input.ts";
import { newApiKey } from "../../credentials/api-keys.ts";
import type { AccountStore, ApiKeyRecord } from "../../store/accounts.ts";
import type { Caller } from "../caller.ts";

/** An API key as `keys list` shows it: never its secret or hash. */
export type ApiKeySummary = Omit<ApiKeyRecord, "hash">;

const userId = z.string().trim().min(1).max(200);
const tier = z.string().min(1).max(100);

/** `{ userId, tier? }`: the user a new key is for, in a tier (default `user`). */
export const createKeyInput = z.object({ userId, tier: tier.optional() });

/** `{ keyId }`: the public id of the key to revoke (as `keys list` shows it). */
export const revokeKeyInput = z.object({ keyId: z.string().min(1).max(100) });

/** `{ userId, tier? }`: a user, and the tier to take instead of the one of their newest active key. */
export const userCallerInput = z.object({ userId, tier: tier.optional() });

/** The key administration over the accounts port. */
export interface KeyAdministration {
  /** Makes a key; resolves with the key itself (shown only now) and what is stored about it. */
  createApiKey(input: unknown): Promise<{ key: string; summary: ApiKeySummary }>;
  /** Every key, newest first. */
  listApiKeys(): Promise<ApiKeySummary[]>;
  /** Revokes an active key; throws invalid_argument when there is no active key with that id. */
  revokeApiKey(input: unknown): Promise<{ keyId: string; revokedAt: string }>;
  /** The caller `userId` stands for: in `tier` when given, else the tier of the user's newest active key. */
  callerOfUser(input: unknown): Promise<Caller>;
}

/** Administers the keys in `keys`; new keys must name one of `tiers`. `clock` dates them. */
export function createKeyAdministration(
  keys: AccountStore,
  tiers: Readonly<Record<string, unknown>>,
  clock: () => Date,
): KeyAdministration {
  return {
    async createApiKey(input) {
      const request = validateInput(createKeyInput, input);
      const tierName = request.tier ?? defaultTierName;
      if (!isTierName(tiers, tierName)) {
        throw new ServiceError(
          "invalid_argument",
          `Tier "${tierName}" is not configured; tiers: ${Object.keys(tiers).join(", ")}.`,
        );
      }
      const { key, record } = newApiKey(request.userId, tierName, clock());
      await keys.saveKey(record);
      return { key, summary: summaryOf(record) };
    },

    async listApiKeys() {
      return (await keys.listKeys()).map(summaryOf);
    },

    async revokeApiKey(input) {
      const { keyId } = validateInput(revokeKeyInput, input);
      const revokedAt = clock().toISOString();
      if (!(await keys.revokeKey(keyId, revokedAt))) {
        throw new ServiceError(
          "invalid_argument",
          `No active key ${keyId}; "ai-universe keys list" shows the keys.`,
        );
      }
      return { keyId, revokedAt };
    },

    async callerOfUser(input) {
      const request = validateInput(userCallerInput, input);
      const newest = request.tier
        ? undefined
        : (await keys.listKeys()).find((key) => key.userId === request.userId && key.revokedAt === null);
      return { userId: request.userId, tier: request.tier ?? newest?.tier ?? defaultTierName };
    },
  };
}

function summaryOf({ hash: _hash, ...summary }: ApiKeyRecord): ApiKeySummary {
  return summary;
}
