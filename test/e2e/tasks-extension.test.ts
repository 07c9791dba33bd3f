// The Tasks extension (io.modelcontextprotocol/tasks) on 2026-07-28, driven by the extension package's
// client session over the official SDK v2 client: a consultation comes back as a task at once and
// settles with a result the seed schema accepts, read from another node too; a task cancelled mid-run
// has every provider request aborted, from either node; another user's task answers exactly as an
// unknown id; a tool error is a completed task with that result, and a task whose server was killed is
// failed with the reason; a client that does not declare the extension gets the answer itself, and no task methods;
// and the same over stdio.

import assert from "node:assert/strict";
import { once } from "node:events";
import { after, before, describe, it } from "node:test";
import type { Client } from "@modelcontextprotocol/client";
import {
  JsonRpcResponseError,
  resultFromTaskOutcome,
  type TaskEnabledSession,
  type ToolExecution,
} from "@modelcontextprotocol/ext-tasks/client";
import { type TaskId, taskId } from "@modelcontextprotocol/ext-tasks/core";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { assertMatchesSchema } from "../support/seed-schemas.ts";
import { makeApiKey } from "./support/cli-process.ts";
import { modelIds } from "./support/e2e-fixture.ts";
import { type InProcessServer, startHttpServerInProcess } from "./support/http-server-in-process.ts";
import { startHttpServerProcess } from "./support/http-server-process.ts";
import { connectClient, type TestClient } from "./support/mcp-clients.ts";
import { serverEnvironment } from "./support/server-environment.ts";
import { openTaskSession } from "./support/task-session.ts";

describe("the Tasks extension on 2026-07-28", () => {
  let simulator: ProviderSimulator;
  let environment: Record<string, string>;
  const nodes: InProcessServer[] = [];
  const keys: Record<string, string> = {};
  const clients: TestClient[] = [];
  const sessions: TaskEnabledSession[] = [];
  const connectAs = async (user: string, node = 0) => {
    const client = await connectClient("v2-modern", {
      transport: "http",
      url: (nodes[node] as InProcessServer).url,
      headers: { authorization: `Bearer ${keys[user]}` },
    });
    clients.push(client);
    return client;
  };
  const sessionOf = (client: TestClient, name: string) => {
    const session = openTaskSession(client.raw as Client, name);
    sessions.push(session);
    return session;
  };
  /** The id of the task `execution` runs; fails when the server answered at once instead. */
  const taskOf = (execution: ToolExecution<unknown>): TaskId => {
    assert.equal(execution.kind, "task", "the call was answered at once, not with a task");
    return (execution.handle as { taskId: TaskId }).taskId;
  };
  /** The JSON-RPC error a refused task method answers with. */
  const refusal = (work: Promise<unknown>) =>
    work.then(
      () => assert.fail("the task method was answered"),
      (error: unknown) => {
        assert.ok(error instanceof JsonRpcResponseError, String(error));
        return { code: error.code, message: error.message };
      },
    );

  before(async () => {
    simulator = await startProviderSimulator();
    environment = {
      ...(await serverEnvironment(simulator.url, { maxRetries: 0, modelDeadlineMs: 60_000 })).environment,
      AI_UNIVERSE_AUTH: "api-key",
      AI_UNIVERSE_TASK_STALE_SECONDS: "2",
    };
    for (const user of ["ann", "bob"]) keys[user] = await makeApiKey(environment, user, "user");
    // Two nodes on one store, as behind a load balancer.
    nodes.push(await startHttpServerInProcess(environment), await startHttpServerInProcess(environment));
  });
  after(async () => {
    for (const session of sessions) await session.close().catch(() => {});
    for (const client of clients) await client.close().catch(() => {});
    for (const node of nodes) await node.stop();
    await simulator?.close();
  });

  it("answers a consultation with a task at once, which settles with the result, on any node", async () => {
    const ann = await connectAs("ann");
    assert.deepEqual(
      (ann.serverCapabilities.extensions as Record<string, unknown>)["io.modelcontextprotocol/tasks"],
      {},
    );
    const session = sessionOf(ann, "node-a");
    const execution = await session.callTool("agent_second_opinion", {
      question: "Is a task worth it?",
      maxOpinions: 1,
    });
    const id = taskOf(execution);
    const { outcome } = await execution.settle();
    const result = resultFromTaskOutcome(outcome) as { isError?: boolean; structuredContent?: unknown };
    assert.notEqual(result.isError, true);
    assertMatchesSchema("secondOpinion", result.structuredContent);
    const elsewhere = sessionOf(await connectAs("ann", 1), "node-b");
    const read = await elsewhere.task(id).result();
    assert.equal(read.status, "completed");
    assert.deepEqual(
      (resultFromTaskOutcome(read) as { structuredContent?: unknown }).structuredContent,
      result.structuredContent,
    );
    // The server asks for no input: an update of the caller's own task is only acknowledged.
    await elsewhere.task(id).update({});
    assert.equal((await elsewhere.task(id).snapshot()).status, "completed");
    // A quick tool is answered at once, as ever.
    const quick = await session.callTool("conversation_list", {});
    assert.equal(quick.kind, "immediate");
  });

  it("cancels a running task from another node: every provider request is aborted", async () => {
    const session = sessionOf(await connectAs("ann"), "node-a");
    const release = simulator.hold(Object.values(modelIds));
    try {
      const from = simulator.requests.length;
      const execution = await session.callTool("agent_second_opinion", {
        question: "Cancel me",
        maxOpinions: 1,
      });
      const id = taskOf(execution);
      await simulator.waitForRequests((requests) => requests.length >= from + 2);
      const elsewhere = sessionOf(await connectAs("ann", 1), "node-b");
      await elsewhere.task(id).cancel();
      await simulator.waitForRequests((requests) => requests.slice(from).every((request) => request.aborted));
      assert.equal((await elsewhere.task(id).snapshot()).status, "cancelled");
      // Cancelling a task that has ended is acknowledged, and changes nothing.
      await session.task(id).cancel();
      assert.equal((await session.task(id).snapshot()).status, "cancelled");
      await execution.detach();
    } finally {
      release();
    }
  });

  it("answers another user's task exactly as an unknown one", async () => {
    const session = sessionOf(await connectAs("ann"), "ann");
    const execution = await session.callTool("agent_second_opinion", { question: "Mine?", maxOpinions: 0 });
    const id = taskOf(execution);
    const bob = sessionOf(await connectAs("bob"), "bob");
    const unknown = taskId("00000000-0000-4000-8000-000000000000");
    for (const method of ["snapshot", "cancel", "update"] as const) {
      const call = (task: TaskId) =>
        method === "update" ? bob.task(task).update({}) : bob.task(task)[method]();
      const theirs = await refusal(call(id));
      const none = await refusal(call(unknown));
      assert.equal(theirs.code, -32602, method);
      assert.equal(none.code, theirs.code, method);
      assert.equal(none.message.replace(unknown, id), theirs.message, method);
      assert.match(theirs.message, /task_not_found: There is no task/);
    }
    const { outcome } = await execution.settle();
    assert.equal(outcome.status, "completed", "bob's cancel reached ann's task");
  });

  it("ends a call that failed as completed with its tool error, and one whose server was killed as failed", async () => {
    const session = sessionOf(await connectAs("ann"), "errors");
    simulator.setDefaultBehaviour({ status: 500, errorMessage: "simulated outage" });
    let result: { isError?: boolean; content?: { text?: string }[] };
    try {
      const execution = await session.callTool("agent_second_opinion", {
        question: "All down?",
        maxOpinions: 0,
      });
      taskOf(execution);
      const { outcome } = await execution.settle();
      assert.equal(outcome.status, "completed", "a tool error is a result, not a failed task");
      result = resultFromTaskOutcome(outcome) as typeof result;
    } finally {
      simulator.setDefaultBehaviour({});
    }
    assert.equal(result.isError, true);
    // A third node is killed while its task runs; the task ends failed with the reason, seen from another.
    const third = await startHttpServerProcess(environment);
    const release = simulator.hold(Object.values(modelIds));
    let id: TaskId;
    try {
      const client = await connectClient("v2-modern", {
        transport: "http",
        url: third.url,
        headers: { authorization: `Bearer ${keys.ann}` },
      });
      clients.push(client);
      const from = simulator.requests.length;
      id = taskOf(await sessionOf(client, "third").callTool("agent_second_opinion", { question: "Killed?" }));
      await simulator.waitForRequests((requests) => requests.length > from);
      third.process.kill("SIGKILL");
      await once(third.process, "exit");
    } finally {
      release();
      await third.stop();
    }
    const outcome = await session.task(id).result();
    assert.equal(outcome.status, "failed");
    assert.equal(outcome.status === "failed" && outcome.error.code, -32603);
    assert.match(outcome.task?.statusMessage ?? "", /stopped before it finished/);
  });

  it("keeps the answer itself for a client that does not declare the extension, and no task methods", async () => {
    const ann = await connectAs("ann");
    const answer = await ann.callTool("agent_second_opinion", {
      question: "No task, please",
      maxOpinions: 0,
    });
    assertMatchesSchema("secondOpinion", answer.structuredContent);
    const refused = await (ann.raw as Client)
      .request({ method: "tasks/get", params: { taskId: "00000000-0000-4000-8000-000000000000" } }, {
        "~standard": { version: 1, vendor: "test", validate: (value: unknown) => ({ value }) },
      } as never)
      .then(
        () => undefined,
        (error: { code?: number; data?: unknown }) => error,
      );
    assert.equal(refused?.code, -32021);
    assert.deepEqual(refused?.data, {
      requiredCapabilities: { extensions: { "io.modelcontextprotocol/tasks": {} } },
    });
  });

  it("runs a task over stdio", async () => {
    const { AI_UNIVERSE_AUTH: _mode, ...local } = environment;
    const client = await connectClient("v2-modern", { transport: "stdio", environment: local });
    clients.push(client);
    const session = sessionOf(client, "stdio");
    const execution = await session.callTool("conversation_send_message", {
      content: "Over stdio, as a task?",
    });
    taskOf(execution);
    const { outcome } = await execution.settle();
    assert.equal(outcome.status, "completed");
  });
});
