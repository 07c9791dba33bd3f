// Rate-limit counters in Redis (AI_UNIVERSE_REDIS_URL): two nodes on one PostgreSQL count one user's
// limit together in a real Redis, and nothing in the database; `ai-universe usage` reads the same
// counts; a Redis that cannot be reached stops the start with one line saying what to do; and while
// the Redis is gone, calls are refused as retryable rather than counted by each node on its own.

import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import pg from "pg";
import { createClient } from "redis";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { type PostgresServer, startPostgresServer } from "../store/postgres-server.ts";
import { type RedisServer, startRedisServer } from "../store/redis-server.ts";
import { startTogether } from "../support/start-together.ts";
import { makeApiKey, startCli } from "./support/cli-process.ts";
import { errorTextOf } from "./support/e2e-fixture.ts";
import { type ServerProcess, startHttpServerProcess } from "./support/http-server-process.ts";
import { connectClient, type TestClient } from "./support/mcp-clients.ts";
import { serverEnvironment } from "./support/server-environment.ts";

describe("rate-limit counters in Redis", () => {
  let postgres: PostgresServer;
  let redis: RedisServer;
  let simulator: ProviderSimulator;
  let environment: Record<string, string>;
  let key = "";
  const nodes: ServerProcess[] = [];
  const clients: TestClient[] = [];

  before(async () => {
    [postgres, redis, simulator] = await startTogether([
      startPostgresServer(),
      startRedisServer(),
      startProviderSimulator(),
    ]);
    const prepared = await serverEnvironment(simulator.url, { maxRetries: 0 });
    const config = join(prepared.directory, "redis.json");
    writeFileSync(config, JSON.stringify({ tiers: { limited: { requestsPerHour: 3 } } }));
    environment = {
      ...prepared.environment,
      AI_UNIVERSE_CONFIG: config,
      AI_UNIVERSE_AUTH: "api-key",
      AI_UNIVERSE_REDIS_URL: redis.url,
      DATABASE_URL: await postgres.newDatabase(),
    };
    key = await makeApiKey(environment, "dana", "limited");
    nodes.push(...(await startTogether([0, 1].map(() => startHttpServerProcess(environment)))));
    for (const node of nodes) {
      clients.push(
        await connectClient("v2-modern", {
          transport: "http",
          url: node.url,
          headers: { authorization: `Bearer ${key}` },
        }),
      );
    }
  });
  after(async () => {
    for (const client of clients) await client.close().catch(() => {});
    for (const node of nodes) await node.stop();
    await simulator?.close();
    await redis?.stop();
    await postgres?.stop();
  });

  it("counts one user's limit across the nodes in Redis, and nothing in the database", async () => {
    const [onA, onB] = clients as [TestClient, TestClient];
    for (const client of [onA, onB, onA]) {
      assert.notEqual((await client.callTool("conversation.list", {})).isError, true);
    }
    assert.match(
      errorTextOf(await onB.callTool("conversation.list", {})),
      /^rate_limited: .*3 requests per hour/,
    );
    const reader = createClient({ url: redis.url });
    await reader.connect();
    const keys = await reader.keys("ai-universe:*");
    await reader.close();
    assert.ok(
      keys.some((name) => name.includes("dana")),
      `counters in Redis: ${keys.join(", ")}`,
    );
    const database = new pg.Client({ connectionString: environment.DATABASE_URL });
    await database.connect();
    const { rows } = await database.query("SELECT count(*)::int AS rows FROM rate_limits");
    await database.end();
    assert.equal(rows[0]?.rows, 0, "no counter in the database");
    const usage = startCli(["usage", "--user", "dana", "--format", "json"], environment);
    usage.child.stdin.end();
    const code = await usage.exited;
    assert.equal(code, 0, usage.stderr());
    assert.equal(JSON.parse(usage.stdout()).requests.hour.used, 3);
  });

  it("refuses to start when the Redis cannot be reached, saying what to do", async () => {
    const cli = startCli(["serve", "--port", "0"], {
      ...environment,
      AI_UNIVERSE_REDIS_URL: "redis://:hunter2@127.0.0.1:9",
    });
    cli.child.stdin.end();
    const code = await cli.exited;
    assert.notEqual(code, 0);
    assert.match(
      cli.stderr(),
      /Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:9 .*cannot be reached.*unset AI_UNIVERSE_REDIS_URL/,
    );
    assert.ok(!cli.stderr().includes("hunter2"));
  });

  // Last: it stops the Redis.
  it("refuses calls while the Redis is gone, rather than letting each node count them on its own", async () => {
    await redis.stop();
    for (const client of clients) {
      const text = errorTextOf(await client.callTool("conversation.list", {}));
      assert.match(
        text,
        /^store_unavailable: Your request was not run: it could not be counted against your tier's \(limited\) request limits\. The Redis that holds the request counters \(AI_UNIVERSE_REDIS_URL\) failed .*Try again in a few seconds/,
      );
    }
  });
});
