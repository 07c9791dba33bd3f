// The requests per hour and per day of a caller's tier, counted where every process sees the same
// count: the store's database (rate-limiter-flexible's SQLite or PostgreSQL limiter, one atomic upsert
// per count) or Redis (its Lua script), so limits survive restarts and hold across processes and nodes.
// A count that cannot be made there is never made anywhere else: while another process holds a SQLite
// file's write lock the count waits for it, and when the counters cannot be reached (or stay locked)
// the request is refused with a retryable store_unavailable. Counting per process would let each
// process admit the whole limit.

import {
  type RateLimiterAbstract,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
  RateLimiterSQLite,
} from "rate-limiter-flexible";
import type { Tier } from "../../configuration/access.ts";
import { ServiceError } from "../../contract/service-error.ts";
import type { LimiterBackend } from "../../store/accounts.ts";
import type { Caller } from "../caller.ts";

/** One counted window of a caller's usage. */
export interface WindowUsage {
  limit: number | null;
  used: number;
  /** When the window's count starts again (ISO time); null when nothing was counted in it. */
  resetsAt: string | null;
}

/** Counts requests against the tiers' limits. */
export interface RequestCounters {
  /** Counts one request; throws `rate_limited`, or `store_unavailable` when it cannot be counted. */
  count(caller: Caller, tier: Tier): Promise<void>;
  /** The caller's use of each window. */
  usage(caller: Caller, tier: Tier): Promise<{ hour: WindowUsage; day: WindowUsage }>;
}

/** Seconds a caller refused for counters that could not be reached is asked to wait. */
const unreachableRetrySeconds = 5;

const windows = [
  { name: "hour", seconds: 3600, limitOf: (tier: Tier) => tier.requestsPerHour },
  { name: "day", seconds: 86_400, limitOf: (tier: Tier) => tier.requestsPerDay },
] as const;

/** Counters over `backend`; `clock` dates the retry times. */
export function createRequestCounters(backend: LimiterBackend, clock: () => Date): RequestCounters {
  const limiters = new Map<string, RateLimiterAbstract>();
  const limiterOf = (window: (typeof windows)[number], points: number): RateLimiterAbstract => {
    const name = `${window.name}:${points}`;
    let limiter = limiters.get(name);
    if (!limiter) {
      limiter = createLimiter(backend, { keyPrefix: window.name, points, duration: window.seconds });
      limiters.set(name, limiter);
    }
    return limiter;
  };
  /** Runs one operation on the counters; a failure other than a refusal becomes store_unavailable. */
  const counted = async <T>(caller: Caller, operation: () => Promise<T>): Promise<T> => {
    try {
      return await (backend.kind === "sqlite" ? backend.whileLocked(operation) : operation());
    } catch (error) {
      if (error instanceof RateLimiterRes) throw error;
      throw uncountable(caller, backend, error);
    }
  };

  return {
    async count(caller, tier) {
      const consumed: RateLimiterAbstract[] = [];
      for (const window of windows) {
        const points = window.limitOf(tier);
        if (points === null) continue;
        const limiter = limiterOf(window, points);
        try {
          await counted(caller, () => limiter.consume(caller.userId));
          consumed.push(limiter);
        } catch (rejection) {
          if (!(rejection instanceof RateLimiterRes)) throw rejection;
          // A request refused by the day's limit does not use up the hour's.
          await Promise.all(
            consumed.map((used) => counted(caller, () => used.reward(caller.userId)).catch(() => {})),
          );
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

    async usage(caller, tier) {
      const [hour, day] = await Promise.all(
        windows.map(async (window): Promise<WindowUsage> => {
          const limit = window.limitOf(tier);
          const limiter = limiterOf(window, limit ?? Number.MAX_SAFE_INTEGER);
          const state = await counted(caller, () => limiter.get(caller.userId));
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
      return { hour: hour as WindowUsage, day: day as WindowUsage };
    },
  };
}

/** The limiter of one window on `backend`, with no in-memory insurance: a failed count fails. */
function createLimiter(
  backend: LimiterBackend,
  options: { keyPrefix: string; points: number; duration: number },
): RateLimiterAbstract {
  if (backend.kind === "redis") {
    return new RateLimiterRedis({
      ...options,
      keyPrefix: `ai-universe:${options.keyPrefix}`,
      storeClient: backend.client,
      useRedisPackage: true,
      rejectIfRedisNotReady: true,
    });
  }
  const shared = {
    ...options,
    tableName: backend.tableName,
    tableCreated: true,
    clearExpiredByTimeout: false,
  };
  return backend.kind === "sqlite"
    ? new RateLimiterSQLite({ ...shared, storeClient: backend.client, storeType: "better-sqlite3" })
    : new RateLimiterPostgres({ ...shared, storeClient: backend.pool, storeType: "pool" });
}

/** Why a request was refused when its count could not be made, and what to do. */
function uncountable(caller: Caller, backend: LimiterBackend, error: unknown): ServiceError {
  const where =
    backend.kind === "redis"
      ? "the Redis that holds the request counters (AI_UNIVERSE_REDIS_URL)"
      : backend.kind === "postgres"
        ? "the PostgreSQL database"
        : "the database";
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
