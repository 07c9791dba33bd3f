// Runs the request-counters contract against Redis (a real redis-server, a fresh one per case), and
// checks what only Redis has: a Redis that cannot be reached stops the start with one line that names
// it without its password.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { openRedisRequestCounters } from "../../src/store/redis/request-counters.ts";
import { StoreOpenError } from "../../src/store/store.ts";
import { freePort } from "../support/free-port.ts";
import { type CounterPlace, runRequestCounterContract } from "./contract/request-counter-cases.ts";
import { startRedisServer } from "./redis-server.ts";

/** A Redis of its own; breaking it down stops it. */
async function redisPlace(): Promise<CounterPlace> {
  const server = await startRedisServer();
  return {
    async open() {
      const counters = await openRedisRequestCounters(server.url, () => {});
      return { counters, close: () => counters.close() };
    },
    breakDown: () => server.stop(),
    dispose: () => server.stop(),
  };
}

runRequestCounterContract("redis", redisPlace);

describe("redis request counters", () => {
  it("says in one line, without the password, when Redis cannot be reached at start", async () => {
    const url = `redis://someone:secret-pw@127.0.0.1:${await freePort()}`;
    await assert.rejects(
      openRedisRequestCounters(url, () => {}),
      (error: Error) => {
        assert.ok(error instanceof StoreOpenError);
        assert.match(
          error.message,
          /^The Redis at redis:\/\/someone:\*\*\*@127\.0\.0\.1:\d+ \(AI_UNIVERSE_REDIS_URL\) cannot be reached: .+ Start it, fix the URL, or unset AI_UNIVERSE_REDIS_URL/,
        );
        assert.ok(!error.message.includes("secret-pw"));
        assert.ok(!error.message.includes("\n"));
        return true;
      },
    );
  });
});
