// Whether a caller may make a request now: the requests per hour and per day of the caller's tier
// (rate-limiter-flexible, counting in the store's database, or in Redis when one is configured, so
// limits survive restarts and are shared by every process on it) and the tier's daily budget (the spend the store records per user
// and day). A refused call is a ServiceError with a stable code, the limit and when to retry.

import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
  RateLimiterSQLite,
} from "rate-limiter-flexible";
import { defaultTierName, type Tier } from "../configuration/access.ts";
import { ServiceError } from "../errors/service-error.ts";
import type { AccountStore, LimiterBackend } from "../store/accounts.ts";
import type { Caller } from "./caller.ts";

/** One counted window of a caller's usage. */
export interface WindowUsage {
  limit: number | null;
  used: number;
  /** When the window's count starts again (ISO time); null when nothing was counted in it. */
  resetsAt: string | null;
}

/** What a caller may do and has done. */
export interface Usage {
  userId: string;
  tier: string;
  requests: { hour: WindowUsage; day: WindowUsage };
  spend: { todayUsd: number; dailyBudgetUsd: number | null; resetsAt: string };
  unpricedModels: Tier["unpricedModels"];
}

/** Admits requests against the tiers. */
export interface Admission {
  /** The tier of `caller` (an unknown tier name falls back to `user`). */
  tierOf(caller: Caller): Tier;
  /** Counts one request; throws `rate_limited` or `budget_exhausted` when the caller may not make it. */
  admit(caller: Caller): Promise<void>;
  /** Adds what a request cost to the caller's spend today. */
  recordSpend(caller: Caller, usd: number): Promise<void>;
  /** The caller's limits, use, spend and reset times. */
  usage(caller: Caller): Promise<Usage>;
}

const windows = [
  { name: "hour", seconds: 3600, limitOf: (tier: Tier) => tier.requestsPerHour },
  { name: "day", seconds: 86_400, limitOf: (tier: Tier) => tier.requestsPerDay },
] as const;

/** Builds the admission over the store's accounts and the configured tiers. */
export function createAdmission(
  store: AccountStore,
  tiers: Record<string, Tier>,
  clock: () => Date,
  /** Where the counters live: the store's own database unless given (Redis). */
  backend: LimiterBackend = store.limiterBackend(),
): Admission {
  const limiters = new Map<string, RateLimiterAbstract>();
  const limiterOf = (window: (typeof windows)[number], points: number): RateLimiterAbstract => {
    const name = `${window.name}:${points}`;
    let limiter = limiters.get(name);
    if (!limiter) {
      const options = { keyPrefix: window.name, points, duration: window.seconds };
      const memory = new RateLimiterMemory(options);
      // While the database cannot take a count (another program holds its write lock), count in memory.
      const shared = { ...options, tableName: "rate_limits", tableCreated: true, insuranceLimiter: memory };
      limiter =
        backend.kind === "sqlite"
          ? new RateLimiterSQLite({
              ...shared,
              storeClient: backend.client,
              storeType: "better-sqlite3",
              tableName: backend.tableName,
              clearExpiredByTimeout: false,
            })
          : backend.kind === "postgres"
            ? new RateLimiterPostgres({
                ...shared,
                storeClient: backend.pool,
                storeType: "pool",
                tableName: backend.tableName,
                clearExpiredByTimeout: false,
              })
            : backend.kind === "redis"
              ? new RateLimiterRedis({
                  keyPrefix: `ai-universe:${window.name}`,
                  points,
                  duration: window.seconds,
                  storeClient: backend.client,
                  useRedisPackage: true,
                  rejectIfRedisNotReady: true,
                  insuranceLimiter: memory,
                })
              : memory;
      limiters.set(name, limiter);
    }
    return limiter;
  };
  const tierOf = (caller: Caller): Tier =>
    tiers[caller.tier] ??
    tiers[defaultTierName] ?? {
      requestsPerHour: 0,
      requestsPerDay: 0,
      dailyBudgetUsd: 0,
      unpricedModels: "refuse",
    };
  const today = () => clock().toISOString().slice(0, 10);
  const nextMidnight = () => {
    const now = clock();
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString();
  };

  return {
    tierOf,

    async admit(caller) {
      const tier = tierOf(caller);
      if (tier.dailyBudgetUsd !== null) {
        const spent = await store.spendOn(caller.userId, today());
        if (spent >= tier.dailyBudgetUsd) {
          const retryAt = nextMidnight();
          throw new ServiceError(
            "budget_exhausted",
            `You have spent $${spent.toFixed(4)} today, your tier's (${caller.tier}) daily budget of $${tier.dailyBudgetUsd}. It resets at ${retryAt}.`,
            {
              dailyBudgetUsd: tier.dailyBudgetUsd,
              spentUsd: spent,
              retryAt,
              retryAfterSeconds: secondsUntil(retryAt, clock()),
            },
          );
        }
      }
      const consumed: { limiter: RateLimiterAbstract }[] = [];
      for (const window of windows) {
        const points = window.limitOf(tier);
        if (points === null) continue;
        const limiter = limiterOf(window, points);
        try {
          await limiter.consume(caller.userId);
          consumed.push({ limiter });
        } catch (rejection) {
          if (!(rejection instanceof RateLimiterRes)) throw rejection;
          // A request refused by the day's limit does not use up the hour's.
          await Promise.all(consumed.map((entry) => entry.limiter.reward(caller.userId)));
          const retryAt = new Date(clock().getTime() + rejection.msBeforeNext).toISOString();
          const retryAfterSeconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
          throw new ServiceError(
            "rate_limited",
            `Rate limit reached: your tier (${caller.tier}) allows ${points} requests per ${window.name}. Retry after ${retryAt} (in ${retryAfterSeconds} s).`,
            { limit: points, window: window.name, retryAt, retryAfterSeconds },
          );
        }
      }
    },

    async recordSpend(caller, usd) {
      if (usd > 0) await store.addSpend(caller.userId, today(), usd);
    },

    async usage(caller) {
      const tier = tierOf(caller);
      const [hour, day] = await Promise.all(
        windows.map(async (window): Promise<WindowUsage> => {
          const limit = window.limitOf(tier);
          const state = await limiterOf(window, limit ?? Number.MAX_SAFE_INTEGER).get(caller.userId);
          return {
            limit,
            // A refused request is counted by the limiter too; it was not served, so it is not shown as used.
            used: Math.min(state?.consumedPoints ?? 0, limit ?? Number.POSITIVE_INFINITY),
            resetsAt:
              state && state.msBeforeNext >= 0
                ? new Date(clock().getTime() + state.msBeforeNext).toISOString()
                : null,
          };
        }),
      );
      return {
        userId: caller.userId,
        tier: caller.tier,
        requests: { hour: hour as WindowUsage, day: day as WindowUsage },
        spend: {
          todayUsd: await store.spendOn(caller.userId, today()),
          dailyBudgetUsd: tier.dailyBudgetUsd,
          resetsAt: nextMidnight(),
        },
        unpricedModels: tier.unpricedModels,
      };
    },
  };
}

function secondsUntil(iso: string, now: Date): number {
  return Math.max(1, Math.ceil((Date.parse(iso) - now.getTime()) / 1000));
}
