// The request-counters port over rate-limiter-flexible, whichever backend holds the counts: each
// backend's request-counters.ts says how to make one window's limiter on its database (SQLite's and
// PostgreSQL's one atomic upsert per count, Redis's Lua script), and this file does the rest. No
// limiter has an in-memory insurance: a count that fails, fails, as StoreUnavailableError.

import { type RateLimiterAbstract, RateLimiterRes } from "rate-limiter-flexible";
import type { CounterWindow, RequestCounterStore } from "./request-counters.ts";
import { StoreUnavailableError } from "./store-errors.ts";

/** Options of one window's limiter, as rate-limiter-flexible takes them. */
export interface LimiterOptions {
  keyPrefix: string;
  points: number;
  duration: number;
}

/** How a backend makes and runs its limiters. */
export interface LimiterSource {
  /** Where the counts are kept, for messages ("the database", ...). */
  location: string;
  /** The limiter of one window, allowing `points` per `duration` seconds. */
  create(options: LimiterOptions): RateLimiterAbstract;
  /** Runs one operation on the counts (SQLite waits out another process's write lock here). */
  run?<T>(operation: () => Promise<T>): Promise<T>;
}

/** The counters of `source`. */
export function limiterCounters(source: LimiterSource): RequestCounterStore {
  const limiters = new Map<string, RateLimiterAbstract>();
  const limiterOf = (window: CounterWindow, points = Number.MAX_SAFE_INTEGER): RateLimiterAbstract => {
    const name = `${window.name}:${window.seconds}:${points}`;
    let limiter = limiters.get(name);
    if (!limiter) {
      limiter = source.create({ keyPrefix: window.name, points, duration: window.seconds });
      limiters.set(name, limiter);
    }
    return limiter;
  };
  const where = `${source.location[0]?.toUpperCase()}${source.location.slice(1)}`;
  /** Runs one operation; a failure other than a refusal becomes StoreUnavailableError. */
  const counted = async <T>(operation: () => Promise<T>): Promise<T> => {
    try {
      return await (source.run ? source.run(operation) : operation());
    } catch (error) {
      if (error instanceof RateLimiterRes || error instanceof StoreUnavailableError) throw error;
      throw new StoreUnavailableError(`${where} failed (${(error as Error)?.message ?? error}).`, {
        cause: error,
      });
    }
  };

  return {
    location: source.location,

    async count(key, window, limit) {
      const limiter = limiterOf(window, limit);
      try {
        await counted(() => limiter.consume(key));
        return { counted: true };
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        return { counted: false, msBeforeReset: error.msBeforeNext };
      }
    },

    async uncount(key, window) {
      await counted(() => limiterOf(window).reward(key));
    },

    async read(key, window) {
      const state = await counted(() => limiterOf(window).get(key));
      return state ? { used: state.consumedPoints, msBeforeReset: state.msBeforeNext } : undefined;
    },
  };
}
