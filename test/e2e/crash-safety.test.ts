// Crash safety: the server is killed with SIGKILL at random moments while consultations run. After
// each restart, every acknowledged turn is present exactly once, sequences have no gaps, no question
// is stored without its answer, and retrying an unacknowledged call with its key completes it once.

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { historyOf } from "./support/e2e-fixture.ts";
import { type ServerProcess, startHttpServerProcess } from "./support/http-server-process.ts";
import { connectClient, type TestClient } from "./support/mcp-clients.ts";
import { serverEnvironment } from "./support/server-environment.ts";

interface PlannedCall {
  tool: "agent.second_opinion" | "conversation.send-message";
  args: Record<string, unknown>;
}

/** A small seeded generator, so a failing run can be reproduced. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe("crash safety", () => {
  let simulator: ProviderSimulator;
  let environment: Record<string, string>;
  let server: ServerProcess | undefined;
  const random = seededRandom(Number(process.env.CRASH_SEED ?? 7));

  before(async () => {
    simulator = await startProviderSimulator();
    simulator.setDefaultBehaviour({ latencyMs: 15 });
    environment = (await serverEnvironment(simulator.url, { maxRetries: 0 })).environment;
  });
  after(async () => {
    await server?.stop();
    await simulator?.close();
  });

  async function connect(): Promise<TestClient> {
    server = await startHttpServerProcess(environment);
    return connectClient("v2-modern", { transport: "http", url: server.url });
  }

  it("keeps every acknowledged turn exactly once across SIGKILLs", async () => {
    let client = await connect();
    const shared: string[] = [];
    for (const name of ["alpha", "beta"]) {
      const result = await client.callTool("conversation.send-message", {
        content: `start ${name}`,
        idempotencyKey: `start-${name}`,
      });
      shared.push(result.structuredContent?.conversationId as string);
    }
    const acknowledged = new Map<
      string,
      { conversationId: string; userMessageId: string; assistantMessageId: string }
    >();
    let pending: PlannedCall[] = [];
    let interrupted = 0;
    let next = 0;
    const plan = (): PlannedCall => {
      next += 1;
      const conversationId = next % 3 === 0 ? undefined : shared[next % 2];
      const base = { idempotencyKey: `call-${next}`, ...(conversationId ? { conversationId } : {}) };
      return next % 2 === 0
        ? { tool: "agent.second_opinion", args: { question: `question ${next}`, maxOpinions: 1, ...base } }
        : { tool: "conversation.send-message", args: { content: `message ${next}`, ...base } };
    };
    const record = (call: PlannedCall, content: Record<string, unknown> | undefined) => {
      const user =
        (content?.userMessage as { id?: string } | undefined)?.id ?? (content?.userMessageId as string);
      const assistant =
        (content?.assistantMessage as { id?: string } | undefined)?.id ??
        (content?.assistantMessageId as string);
      acknowledged.set(call.args.idempotencyKey as string, {
        conversationId: content?.conversationId as string,
        userMessageId: user,
        assistantMessageId: assistant,
      });
    };

    for (let cycle = 0; cycle < 4; cycle += 1) {
      const calls = [...pending, ...Array.from({ length: 10 }, plan)];
      pending = [];
      const requestsBefore = simulator.requests.length;
      const killAfter = requestsBefore + 1 + Math.floor(random() * 14);
      // A consultation's answer is an event stream; when the server dies mid-stream the v2 client
      // does not fail the call but waits for its timeout, so the calls of a cycle carry a short one.
      const running = calls.map((call) =>
        client.callTool(call.tool, call.args, { timeout: 5_000, resetTimeoutOnProgress: false }).then(
          (result) => {
            if (result.isError) throw new Error(result.content[0]?.text);
            record(call, result.structuredContent);
          },
          () => {
            interrupted += 1;
            pending.push(call);
          },
        ),
      );
      // The kill comes after that request, or once every call of the cycle has ended (on a loaded
      // machine, calls can reach their timeout before asking that many).
      await Promise.race([
        simulator.waitForRequests((requests) => requests.length >= killAfter, 60_000),
        Promise.allSettled(running),
      ]);
      server?.process.kill("SIGKILL");
      await Promise.allSettled(running);
      await client.close().catch(() => {});
      client = await connect();
    }
    for (const call of pending) {
      const result = await client.callTool(call.tool, call.args);
      assert.notEqual(result.isError, true, result.content[0]?.text);
      record(call, result.structuredContent);
    }

    assert.ok(interrupted > 0, "the kills interrupted calls in flight");
    const calls = next;
    assert.equal(acknowledged.size, calls, "every call completed exactly once in the end");
    const conversationIds = new Set([
      ...shared,
      ...[...acknowledged.values()].map((entry) => entry.conversationId),
    ]);
    let messages = 0;
    for (const conversationId of conversationIds) {
      const history = historyOf(
        await client.callTool("conversation.get-history", { conversationId, limit: 200 }),
      );
      assert.deepEqual(
        history.messages.map((message) => message.sequence),
        history.messages.map((_, index) => index + 1),
        "gap-free sequences",
      );
      history.messages.forEach((message, index) => {
        assert.equal(message.role, index % 2 === 0 ? "user" : "assistant", "no question without its answer");
      });
      const ids = new Set(history.messages.map((message) => message.id));
      assert.equal(ids.size, history.messages.length, "no message twice");
      for (const entry of acknowledged.values()) {
        if (entry.conversationId !== conversationId) continue;
        assert.ok(
          ids.has(entry.userMessageId) && ids.has(entry.assistantMessageId),
          "acknowledged turn present",
        );
      }
      messages += history.messages.length;
    }
    assert.equal(messages, 2 * (calls + shared.length), "one turn per call, nothing doubled");
    await client.close();
  });
});
