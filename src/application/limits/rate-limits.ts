// The requests per hour and per day of a caller's tier, counted by the store's request counters, where
// every process sees the same count (the database, or Redis: see src/store/request-counters.ts), so
// limits survive restarts and hold across processes and nodes. A count that cannot be made there is
// never made anywhere else: the request is refused with a retryable store_unavailable. Counting per
// process would let each process admit the whole limit.

import type { Tier } from "../../configuration/access.ts";
import { ServiceError } from "../../contract/service-error.ts";
import type { WindowUsage } from "../../contract/usage.ts";
import type { RequestCounterStore } from "../../store/request-counters.ts";
import type { Caller } from "../caller.ts";

/** Counts requests against the tiers' limits. */
export interface RequestCounters {
  /** Counts one request; throws `rate_limited`, or `store_unavailable` when it cannot be counted. */
  count(caller: Caller, tier: Tier): Promise<void>;
  /** Counts one look at a running task against the poll allowance (same errors as `count`). */
  countPoll(caller: Caller, tier: Tier): Promise<void>;
  /** Counts one call of an agent CLI against the tier's calls a day (same errors as `count`). */
  countAgentCliCall(caller: Caller, tier: Tier): Promise<void>;
  /** The caller's use of each window. */
  usage(caller: Caller, tier: Tier): Promise<{ hour: WindowUsage; day: WindowUsage }>;
}

/** Seconds a caller refused for counters that could not be reached is asked to wait. */
const unreachableRetrySeconds = 5;

/** A counting window and the limit a tier has in it (null: no limit). */
interface LimitWindow {
  /** Part of each count's key: windows count apart. */
  name: string;
  /** The window in words, where it is not its name. */
  per?: string;
  seconds: number;
  limitOf(tier: Tier): number | null;
}

const windows = [
  { name: "hour", seconds: 3600, limitOf: (tier: Tier) => tier.requestsPerHour },
  { name: "day", seconds: 86_400, limitOf: (tier: Tier) => tier.requestsPerDay },
] as const;

/**
 * Looks at running tasks (get, result, list, cancel) a caller may take per minute, when its tier limits
 * requests at all. Clients poll tasks every few seconds, so polls have their own allowance rather than
 * using up the requests a tier has for questions; the allowance still stops a runaway loop.
 */
export const taskPollsPerMinute = 120;

const pollWindows: readonly LimitWindow[] = [
  {
    name: "task-poll-minute",
    per: "minute",
    seconds: 60,
    limitOf: (tier) =>
      tier.requestsPerHour === null && tier.requestsPerDay === null ? null : taskPollsPerMinute,
  },
];

const agentCliWindows: readonly LimitWindow[] = [
  { name: "agent-cli-day", per: "day", seconds: 86_400, limitOf: (tier) => tier.agentCliCallsPerDay ?? null },
];

/** Counters over the store's `counters`; `clock` dates the retry times. */
export function createRequestCounters(counters: RequestCounterStore, clock: () => Date): RequestCounters {
  /** Runs one call of the counters; any failure becomes store_unavailable, saying what to do. */
  const counted = async <T>(caller: Caller, call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      throw uncountable(caller, counters.location, error);
    }
  };

  /** Counts one request in each of `limited`, taking back the earlier counts when a later one refuses it. */
  const countIn = async (limited: readonly LimitWindow[], caller: Caller, tier: Tier, what: string) => {
    const consumed: LimitWindow[] = [];
    for (const window of limited) {
      const points = window.limitOf(tier);
      if (points === null) continue;
      const outcome = await counted(caller, () => counters.count(caller.userId, window, points));
      if (outcome.counted) {
        consumed.push(window);
        continue;
      }
      // A request refused by the day's limit does not use up the hour's.
      await Promise.all(consumed.map((used) => counters.uncount(caller.userId, used).catch(() => {})));
      const retryAt = new Date(clock().getTime() + outcome.msBeforeReset).toISOString();
      const retryAfterSeconds = Math.max(1, Math.ceil(outcome.msBeforeReset / 1000));
      throw new ServiceError(
        "rate_limited",
        `Rate limit reached: your tier (${caller.tier}) allows ${points} ${what} per ${window.per ?? window.name}. Retry after ${retryAt} (in ${retryAfterSeconds} s).`,
        { limit: points, window: window.name, retryAt, retryAfterSeconds },
      );
    }
  };

  return {
    count: (caller, tier) => countIn(windows, caller, tier, "requests"),
    countPoll: (caller, tier) => countIn(pollWindows, caller, tier, "looks at tasks"),
    countAgentCliCall: (caller, tier) =>
      countIn(agentCliWindows, caller, tier, "agent CLI calls (they run on this server's subscriptions)"),

    async usage(caller, tier) {
      const [hour, day] = await Promise.all(
        windows.map(async (window): Promise<WindowUsage> => {
          const limit = window.limitOf(tier);
          const state = await counted(caller, () => counters.read(caller.userId, window));
          return {
            limit,
            // A refused request may be counted too; it was not served, so it is not shown as used.
            used: Math.min(state?.used ?? 0, limit ?? Number.POSITIVE_INFINITY),
            resetsAt:
              state && state.msBeforeReset >= 0
                ? new Date(clock().getTime() + state.msBeforeReset).toISOString()
                : null,
          };
        }),
      );
      return { hour: hour as WindowUsage, day: day as WindowUsage };
    },
  };
}

/** Why a request was refused when its count could not be made (at `where`), and what to do. */
function uncountable(caller: Caller, where: string, error: unknown): ServiceError {
  const reason =
    error instanceof ServiceError
      ? error.message
      : `${where[0]?.toUpperCase()}${where.slice(1)} failed (${(error as Error)?.message ?? error}).`;
  return new ServiceError(
    "store_unavailable",
    `Your request was not run: it could not be counted against your tier's (${caller.tier}) request limits. ${reason} Try again in a few seconds; if this persists, the server's operator must check ${where}.`,
    { retryAfterSeconds: unreachableRetrySeconds },
  );
}
