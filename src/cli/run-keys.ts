// `ai-universe keys`: make an API key (printed once; only its hash is stored), list keys, revoke one.
// Works on the store the server uses, so a running server sees a new or revoked key at once.

import { newApiKey } from "../accounts/api-keys.ts";
import { isTierName } from "../configuration/access.ts";
import { ServiceError } from "../contract/service-error.ts";
import type { CommandOptions } from "./command-line.ts";
import { openCommandStore } from "./command-store.ts";

/** Runs the keys action; returns the exit code. */
export async function runKeys(options: CommandOptions): Promise<number> {
  const { configuration, store } = await openCommandStore(options);
  try {
    if (options.keyAction === "create") {
      const tier = options.tier ?? "user";
      if (!isTierName(configuration.tiers, tier)) {
        throw new ServiceError(
          "invalid_argument",
          `Tier "${tier}" is not configured; tiers: ${Object.keys(configuration.tiers).join(", ")}.`,
        );
      }
      const { key, record } = newApiKey(options.user ?? "", tier, new Date());
      await store.saveApiKey(record);
      process.stdout.write(`${key}\n`);
      process.stderr.write(
        `ai-universe: key ${record.id} made for user ${record.userId} (tier ${tier}). It is shown only now: store it safely.\n`,
      );
      if (configuration.auth.mode !== "api-key") {
        process.stderr.write(
          `ai-universe: the server's auth mode is ${configuration.auth.mode}; keys are checked only with AI_UNIVERSE_AUTH=api-key.\n`,
        );
      }
      return 0;
    }
    if (options.keyAction === "revoke") {
      const revoked = await store.revokeApiKey(options.keyId ?? "", new Date().toISOString());
      if (!revoked) {
        throw new ServiceError(
          "invalid_argument",
          `No active key ${options.keyId}; "ai-universe keys list" shows the keys.`,
        );
      }
      process.stdout.write(`revoked ${options.keyId}\n`);
      return 0;
    }
    const keys = await store.listApiKeys();
    if (keys.length === 0)
      process.stderr.write("ai-universe: no keys yet; make one with keys create --user ID\n");
    for (const key of keys) {
      const state = key.revokedAt ? `revoked ${key.revokedAt}` : "active";
      process.stdout.write(`${key.id}  ${key.userId}  ${key.tier}  ${key.createdAt}  ${state}\n`);
    }
    return 0;
  } finally {
    await store.close();
  }
}
