// `ai-universe usage`: a user's tier, requests this hour and today against its limits, spend today
// against its budget, and when each resets. The local user by default; `--user ID` for a key's user
// (the tier of the user's newest active key). The same use case as the `usage` tool and the web page's,
// counted where the server counts (the database, or the Redis it is configured with).

import { localCaller } from "../application/index.ts";
import type { WindowUsage } from "../contract/usage.ts";
import type { CommandOptions } from "./command-line.ts";
import { launchRuntime } from "./launch-runtime.ts";

/** Prints the usage report; returns the exit code. */
export async function runUsage(options: CommandOptions): Promise<number> {
  const runtime = await launchRuntime(options, false, { prices: false });
  const { application } = runtime;
  try {
    const caller = options.user
      ? await application.callerOfUser({
          userId: options.user,
          ...(options.tier ? { tier: options.tier } : {}),
        })
      : localCaller;
    const usage = await application.usage(caller);
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
    await runtime.close();
  }
}
