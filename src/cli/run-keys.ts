// `ai-universe keys`: make an API key (printed once; only its hash is stored), list keys, revoke one.
// Through the application, on the store the server uses, so a running server sees a new or revoked
// key at once.

import type { CommandOptions } from "./command-line.ts";
import { launchRuntime } from "./launch-runtime.ts";

/** Runs the keys action; returns the exit code. */
export async function runKeys(options: CommandOptions): Promise<number> {
  const runtime = await launchRuntime(options, false, { prices: false });
  const { application, configuration } = runtime;
  try {
    if (options.keyAction === "create") {
      const { key, summary } = await application.createApiKey({
        userId: options.user ?? "",
        ...(options.tier ? { tier: options.tier } : {}),
      });
      process.stdout.write(`${key}\n`);
      process.stderr.write(
        `ai-universe: key ${summary.id} made for user ${summary.userId} (tier ${summary.tier}). It is shown only now: store it safely.\n`,
      );
      if (configuration.auth.mode !== "api-key") {
        process.stderr.write(
          `ai-universe: the server's auth mode is ${configuration.auth.mode}; keys are checked only with AI_UNIVERSE_AUTH=api-key.\n`,
        );
      }
      return 0;
    }
    if (options.keyAction === "revoke") {
      const { keyId } = await application.revokeApiKey({ keyId: options.keyId ?? "" });
      process.stdout.write(`revoked ${keyId}\n`);
      return 0;
    }
    const keys = await application.listApiKeys();
    if (keys.length === 0)
      process.stderr.write("ai-universe: no keys yet; make one with keys create --user ID\n");
    for (const key of keys) {
      const state = key.revokedAt ? `revoked ${key.revokedAt}` : "active";
      process.stdout.write(`${key.id}  ${key.userId}  ${key.tier}  ${key.createdAt}  ${state}\n`);
    }
    return 0;
  } finally {
    await runtime.close();
  }
}
