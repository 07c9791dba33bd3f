// Rate-limit counters in Redis, when AI_UNIVERSE_REDIS_URL names one: every node on the same Redis
// counts one limit per user without touching the database. A Redis that cannot be reached at start
// stops the start with one line naming it (without its password) and what to do; while one that went
// away later is gone, requests are refused as store_unavailable (retryable) rather than counted by
// each node on its own, which would let every node admit the whole limit.

import { createClient } from "redis";
import type { LimiterBackend } from "./accounts.ts";
import { redactedUrl } from "./redacted-url.ts";
import { StoreOpenError } from "./store.ts";

/** Connected counters, and how to let go of them. */
export interface RedisCounters {
  backend: LimiterBackend;
  close(): Promise<void>;
}

/** Connects to the Redis at `url`; throws StoreOpenError when it cannot. */
export async function openRedisCounters(url: string, log: (message: string) => void): Promise<RedisCounters> {
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
  return {
    backend: { kind: "redis", client },
    async close() {
      await client.close().catch(() => {});
    },
  };
}
