// The request-counters port on Redis, when AI_UNIVERSE_REDIS_URL names one: rate-limiter-flexible's
// Redis limiter (one Lua script per count), so every node on the same Redis counts one limit per user
// without touching the database. A Redis that cannot be reached at start stops the start with one line
// naming it (without its password) and what to do; while one that went away later is gone, counts fail
// as store_unavailable (retryable) rather than being made by each node on its own, which would let
// every node admit the whole limit.

import { RateLimiterRedis } from "rate-limiter-flexible";
import { createClient } from "redis";
import { limiterCounters } from "../limiter-counters.ts";
import { redactedUrl } from "../redacted-url.ts";
import type { RequestCounterStore } from "../request-counters.ts";
import { StoreOpenError } from "../store-errors.ts";

/** Counters on a connected Redis, and how to let go of it. */
export interface RedisRequestCounters extends RequestCounterStore {
  close(): Promise<void>;
}

/**
 * Connects to the Redis at `url`; throws StoreOpenError when it cannot. `log` is told once per outage
 * when a connected Redis goes away.
 */
export async function openRedisRequestCounters(
  url: string,
  log: (message: string) => void,
): Promise<RedisRequestCounters> {
  const where = redactedUrl(url, "Redis");
  const client = createClient({
    url,
    socket: { connectTimeout: 5000, reconnectStrategy: (retries) => Math.min(retries * 200, 5000) },
  });
  let connected = false;
  let reported = false;
  let failStart: (error: Error) => void = () => {};
  const startFailed = new Promise<never>((_, reject) => {
    failStart = reject;
  });
  client.on("error", (error: Error) => {
    if (!connected) return failStart(error); // at start the failure is reported by the throw below
    if (reported) return;
    reported = true; // once per outage: the client retries on its own
    log(`Redis at ${where} failed: ${error.message}; requests are refused until it is back.`);
  });
  client.on("ready", () => {
    reported = false;
  });
  try {
    await Promise.race([
      client.connect(),
      startFailed,
      new Promise((_, reject) => setTimeout(() => reject(new Error("no answer within 5 s")), 5000).unref()),
    ]);
    connected = true;
  } catch (error) {
    client.destroy();
    throw new StoreOpenError(
      `The Redis at ${where} (AI_UNIVERSE_REDIS_URL) cannot be reached: ${(error as Error).message}. Start it, fix the URL, or unset AI_UNIVERSE_REDIS_URL to count in the database.`,
      { cause: error },
    );
  }
  const counters = limiterCounters({
    location: "the Redis that holds the request counters (AI_UNIVERSE_REDIS_URL)",
    create: (options) =>
      new RateLimiterRedis({
        ...options,
        keyPrefix: `ai-universe:${options.keyPrefix}`,
        storeClient: client,
        useRedisPackage: true,
        rejectIfRedisNotReady: true,
      }),
  });
  return {
    location: counters.location,
    count: counters.count,
    uncount: counters.uncount,
    read: counters.read,
    async close() {
      await client.close().catch(() => {});
    },
  };
}
