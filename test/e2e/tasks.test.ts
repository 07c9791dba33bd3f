// MCP Tasks on 2025-11-25 with the official v1 client: a consultation run as a task, polled, its
// result fetched twice with the same content, listed and cancelled (its provider requests aborted);
// a task outlives its client's connection; another user cannot see or touch it; and a task whose
// server was killed with SIGKILL ends failed with the reason after a restart, never stuck working.

import assert from "node:assert/strict";
import { once } from "node:events";
import { after, before, describe, it } from "node:test";
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { assertMatchesSchema } from "../support/seed-schemas.ts";
import { makeApiKey } from "./support/cli-process.ts";
import { type ServerProcess, startHttpServerProcess } from "./support/http-server-process.ts";
import { connectClient, type TestClient } from "./support/mcp-clients.ts";
import { serverEnvironment } from "./support/server-environment.ts";

interface WireTask {
  taskId: string;
  status: string;
  statusMessage?: string;
  pollInterval?: number;
}

describe("tasks", () => {
  let simulator: ProviderSimulator;
  let environment: Record<string, string>;
  let server: ServerProcess;
  const keys: Record<string, string> = {};
  const clients: TestClient[] = [];
  const connectAs = async (user: string) => {
    const client = await connectClient("v1-2025-11-25", {
      transport: "http",
      url: server.url,
      headers: { authorization: `Bearer ${keys[user]}` },
    });
    clients.push(client);
    return client;
  };
  /** Starts a task-augmented call; resolves with the created task. */
  const startTask = async (client: TestClient, args: Record<string, unknown>) => {
    const created = await client.raw.request(
      {
        method: "tools/call",
        params: { name: "agent.second_opinion", arguments: args, task: { ttl: 600_000 } },
      },
      // biome-ignore lint/suspicious/noExplicitAny: the v1 SDK's schema for a created task
      (await import("@modelcontextprotocol/sdk/types.js")).CreateTaskResultSchema as any,
    );
    return created.task as WireTask;
  };

  before(async () => {
    simulator = await startProviderSimulator();
    environment = {
      ...(await serverEnvironment(simulator.url, { maxRetries: 0, modelDeadlineMs: 60_000 })).environment,
      AI_UNIVERSE_AUTH: "api-key",
      AI_UNIVERSE_TASK_STALE_SECONDS: "2",
    };
    // The default tier: the SDK's client polls tasks/get far more than the tier's ten requests an hour,
    // and polls count against their own allowance, not those requests.
    for (const user of ["ann", "bob"]) keys[user] = await makeApiKey(environment, user, "user");
    server = await startHttpServerProcess(environment);
  });
  after(async () => {
    for (const client of clients) await client.close().catch(() => {});
    await server?.stop();
    await simulator?.close();
  });

  it("declares tasks and which tools may run as tasks", async () => {
    const ann = await connectAs("ann");
    assert.deepEqual(ann.serverCapabilities.tasks, {
      list: {},
      cancel: {},
      requests: { tools: { call: {} } },
    });
    const tools = (await ann.listTools()) as { name: string; execution?: { taskSupport?: string } }[];
    const support = Object.fromEntries(tools.map((tool) => [tool.name, tool.execution?.taskSupport]));
    assert.equal(support.agent_second_opinion, "optional");
    assert.equal(support.conversation_send_message, "optional");
    assert.equal(support.conversation_list, "forbidden");
  });

  it("runs a consultation as a task: created, polled, its result the same every time, listed", async () => {
    const ann = await connectAs("ann");
    const seen: string[] = [];
    let result: Record<string, unknown> | undefined;
    let taskId = "";
    for await (const message of ann.raw.experimental.tasks.callToolStream(
      { name: "agent.second_opinion", arguments: { question: "As a task?", maxOpinions: 1 } },
      CallToolResultSchema,
      { task: { ttl: 600_000 } },
    )) {
      seen.push(message.type);
      if (message.type === "taskCreated") taskId = message.task.taskId;
      if (message.type === "result") result = message.result;
      if (message.type === "error") assert.fail(String(message.error));
    }
    assert.equal(seen[0], "taskCreated");
    assert.equal(seen.at(-1), "result");
    assertMatchesSchema("secondOpinion", result?.structuredContent);
    const task = (await ann.raw.experimental.tasks.getTask(taskId)) as WireTask;
    assert.equal(task.status, "completed");
    const again = await ann.raw.experimental.tasks.getTaskResult(taskId, CallToolResultSchema);
    const third = await ann.raw.experimental.tasks.getTaskResult(taskId, CallToolResultSchema);
    assert.deepEqual(again.structuredContent, result?.structuredContent);
    assert.deepEqual(third, again);
    const listed = (await ann.raw.experimental.tasks.listTasks()) as { tasks: WireTask[] };
    assert.ok(listed.tasks.some((entry) => entry.taskId === taskId));
  });

  it("refuses a time to live that is not a whole number of milliseconds as invalid_argument", async () => {
    const ann = await connectAs("ann");
    const listed = async () =>
      ((await ann.raw.experimental.tasks.listTasks()) as { tasks: WireTask[] }).tasks.length;
    const before = await listed();
    for (const ttl of [1.5, -5, 0, 1e300]) {
      const refused = await ann.raw
        .request(
          {
            method: "tools/call",
            params: { name: "agent.second_opinion", arguments: { question: "ttl?" }, task: { ttl } },
          },
          CallToolResultSchema,
        )
        .then(
          () => undefined,
          (error: { code?: number; message?: string }) => error,
        );
      assert.equal(refused?.code, -32602, String(ttl));
      assert.match(
        refused?.message ?? "",
        /invalid_argument: task\.ttl .* is not a whole number of milliseconds/,
      );
      assert.doesNotMatch(refused?.message ?? "", /SQL|constraint|INSERT/i);
    }
    assert.equal(await listed(), before, "a task was made for a refused ttl");
  });

  it("keeps a task going when its client disconnects, for the same user to fetch later", async () => {
    const first = await connectAs("ann");
    const task = await startTask(first, { question: "Still there after I leave?", maxOpinions: 0 });
    await first.close();
    const later = await connectAs("ann");
    const result = await later.raw.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
    assertMatchesSchema("secondOpinion", result.structuredContent);
  });

  it("hides a task from another user: get, result, list and cancel all fail", async () => {
    const ann = await connectAs("ann");
    const bob = await connectAs("bob");
    const task = await startTask(ann, { question: "Mine alone?", maxOpinions: 0 });
    await assert.rejects(bob.raw.experimental.tasks.getTask(task.taskId), /no task/);
    await assert.rejects(
      bob.raw.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema),
      /no task/,
    );
    await assert.rejects(bob.raw.experimental.tasks.cancelTask(task.taskId), /no task/);
    const listed = (await bob.raw.experimental.tasks.listTasks()) as { tasks: WireTask[] };
    assert.ok(!listed.tasks.some((entry) => entry.taskId === task.taskId));
  });

  it("cancels a running task: its provider requests are aborted and nothing is stored", async () => {
    const ann = await connectAs("ann");
    const conversationsBefore = (await ann.callTool("conversation.list", {})).structuredContent as {
      conversations: unknown[];
    };
    simulator.setDefaultBehaviour({ latencyMs: 30_000 });
    try {
      const from = simulator.requests.length;
      const task = await startTask(ann, { question: "Cancel me", maxOpinions: 1 });
      await simulator.waitForRequests((requests) => requests.length >= from + 2);
      const cancelled = (await ann.raw.experimental.tasks.cancelTask(task.taskId)) as WireTask;
      assert.equal(cancelled.status, "cancelled");
      await simulator.waitForRequests((requests) => requests.slice(from).every((request) => request.aborted));
      const after = (await ann.raw.experimental.tasks.getTask(task.taskId)) as WireTask;
      assert.equal(after.status, "cancelled");
      await assert.rejects(ann.raw.experimental.tasks.cancelTask(task.taskId), /already ended/);
    } finally {
      simulator.setDefaultBehaviour({});
    }
    const conversationsAfter = (await ann.callTool("conversation.list", {})).structuredContent as {
      conversations: unknown[];
    };
    assert.equal(conversationsAfter.conversations.length, conversationsBefore.conversations.length);
  });

  it("runs a task over stdio too", async () => {
    const { AI_UNIVERSE_AUTH: _mode, ...local } = environment;
    const client = await connectClient("v1-2025-11-25", { transport: "stdio", environment: local });
    clients.push(client);
    const types: string[] = [];
    for await (const message of client.raw.experimental.tasks.callToolStream(
      { name: "conversation.send-message", arguments: { content: "Over stdio, as a task?" } },
      CallToolResultSchema,
      { task: { ttl: 60_000 } },
    )) {
      types.push(message.type);
      if (message.type === "error") assert.fail(String(message.error));
    }
    assert.deepEqual([types[0], types.at(-1)], ["taskCreated", "result"]);
  });

  it("fails a task whose server was killed, with the reason, once the server is back", async () => {
    const ann = await connectAs("ann");
    simulator.setDefaultBehaviour({ latencyMs: 30_000 });
    let task: WireTask;
    try {
      const from = simulator.requests.length;
      task = await startTask(ann, { question: "Killed mid-flight", maxOpinions: 0 });
      await simulator.waitForRequests((requests) => requests.length > from);
      server.process.kill("SIGKILL");
      await once(server.process, "exit");
    } finally {
      simulator.setDefaultBehaviour({});
    }
    await ann.close().catch(() => {});
    server = await startHttpServerProcess(environment);
    const back = await connectAs("ann");
    const deadline = Date.now() + 30_000;
    let seen = (await back.raw.experimental.tasks.getTask(task.taskId)) as WireTask;
    while (seen.status === "working" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      seen = (await back.raw.experimental.tasks.getTask(task.taskId)) as WireTask;
    }
    assert.equal(seen.status, "failed");
    assert.match(seen.statusMessage ?? "", /stopped before it finished/);
    const result = await back.raw.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
    assert.equal(result.isError, true);
  });
});
