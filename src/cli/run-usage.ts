// `ai-universe usage`: a user's tier, requests this hour and today against its limits, spend today
// against its budget, and when each resets. The local user by default; `--user ID` for a key's user
// (the tier of the user's newest active key).

import { localCaller } from "../application/caller.ts";
import { createAdmission, type WindowUsage } from "../application/limits/admission.ts";
import { defaultTierName } from "../configuration/access.ts";
import { openRedisCounters } from "../store/redis-counters.ts";
import type { CommandOptions } from "./command-line.ts";
import { openCommandStore } from "./command-store.ts";

/** Prints the usage report; returns the exit code. */
export async function runUsage(options: CommandOptions): Promise<number> {
  const { configuration, store } = await openCommandStore(options);
  try {
    let caller = localCaller;
    if (options.user) {
      const keys = await store.listApiKeys();
      const key = keys.find((candidate) => candidate.userId === options.user && candidate.revokedAt === null);
      caller = { userId: options.user, tier: options.tier ?? key?.tier ?? defaultTierName };
    }
    const counters = configuration.redisUrl
      ? await openRedisCounters(configuration.redisUrl, (message) => process.stderr.write(`${message}\n`))
      : undefined;
    const usage = await createAdmission(store, configuration.tiers, () => new Date(), counters?.backend)
      .usage(caller)
      .finally(() => counters?.close());
    if (options.format === "json") {
      process.stdout.write(`${JSON.stringify(usage, null, 2)}\n`);
      return 0;
    }
    const line = (name: string, window: WindowUsage) =>
      `${name.padEnd(18)}${window.used} of ${window.limit ?? "unlimited"}${window.resetsAt ? `, resets ${window.resetsAt}` : ""}`;
    const { spend } = usage;
    process.stdout.write(
      [
        `user              ${usage.userId} (tier ${usage.tier})`,
        line("requests per hour", usage.requests.hour),
        line("requests per day", usage.requests.day),
        `spend today       $${spend.todayUsd.toFixed(6)} of ${spend.dailyBudgetUsd === null ? "unlimited" : `$${spend.dailyBudgetUsd}`}${spend.heldUsd > 0 ? ` ($${spend.heldUsd.toFixed(6)} more held by running calls)` : ""}, resets ${spend.resetsAt}`,
        `unpriced models   ${usage.unpricedModels === "allow" ? "allowed" : "left out"}`,
        "",
      ].join("\n"),
    );
    return 0;
  } finally {
    await store.close();
  }
}
