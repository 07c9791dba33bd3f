// Graceful shutdown on SIGTERM: /ready turns 503 at once (so a load balancer stops sending), new calls
// get 503 with Retry-After, a call already running finishes and is answered, and one that outlasts
// AI_UNIVERSE_DRAIN_SECONDS is cancelled (its provider requests aborted) before the process exits 0. A
// model still answering after its call's answer is stopped then and stored as stopped, so the history
// does not wait for it forever.

import assert from "node:assert/strict";
import { once } from "node:events";
import { describe, it } from "node:test";
import { stoppedResponse } from "../../src/application/turns/late-opinions.ts";
import { historyOf, modelIds, secondOpinionOf, useSimulatorEnvironment } from "./support/e2e-fixture.ts";
import { startHttpServerProcess } from "./support/http-server-process.ts";
import { connectClient } from "./support/mcp-clients.ts";

describe("graceful shutdown", () => {
  const context = useSimulatorEnvironment({ maxRetries: 0, modelDeadlineMs: 60_000 });

  it("stops taking calls, finishes the running one, says so in /ready, and exits cleanly", async () => {
    const server = await startHttpServerProcess({ ...context.environment, AI_UNIVERSE_DRAIN_SECONDS: "20" });
    assert.deepEqual(await (await fetch(`${server.url}/ready`)).json(), { ready: true });
    const client = await connectClient("v2-modern", { transport: "http", url: server.url });
    // The model answers once the test has seen the server draining.
    const release = context.simulator.hold(Object.values(modelIds));
    try {
      const from = context.simulator.requests.length;
      const running = client.callTool("agent.second_opinion", {
        question: "Finish me first",
        maxOpinions: 0,
      });
      await context.simulator.waitForRequests((requests) => requests.length > from);
      server.process.kill("SIGTERM");
      await server.says(/SIGTERM: finishing running calls/);
      const ready = await fetch(`${server.url}/ready`);
      assert.equal(ready.status, 503);
      assert.match(((await ready.json()) as { reason: string }).reason, /draining/);
      const refused = await fetch(`${server.url}/mcp`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      assert.equal(refused.status, 503);
      assert.equal(refused.headers.get("retry-after"), "1");
      release();
      secondOpinionOf(await running);
      const [code] = (await once(server.process, "exit")) as [number | null];
      assert.equal(code, 0, server.stderr());
      assert.match(server.stderr(), /SIGTERM: finishing running calls/);
    } finally {
      release();
      await client.close().catch(() => {});
      await server.stop();
    }
  });

  it("stores a model still answering after its call's answer as stopped", async () => {
    const server = await startHttpServerProcess({ ...context.environment, AI_UNIVERSE_DRAIN_SECONDS: "1" });
    const client = await connectClient("v2-modern", { transport: "http", url: server.url });
    context.simulator.setBehaviour(modelIds.grok, { latencyMs: 60_000 });
    let conversationId = "";
    try {
      const answer = secondOpinionOf(
        await client.callTool("agent.second_opinion", {
          question: "Will grok make it?",
          primaryModel: "claude",
          secondaryModels: ["grok"],
          answerWithinSeconds: 5,
        }),
      );
      assert.deepEqual(answer.pendingModels, ["grok"]);
      conversationId = answer.conversationId;
      server.process.kill("SIGTERM");
      const [code] = (await once(server.process, "exit")) as [number | null];
      assert.equal(code, 0, server.stderr());
      assert.match(server.stderr(), /stopped the models still answering after the answer of 1 call\(s\)/);
    } finally {
      context.simulator.setBehaviour(modelIds.grok, {});
      await client.close().catch(() => {});
      await server.stop();
    }
    const again = await startHttpServerProcess(context.environment);
    const reader = await connectClient("v2-modern", { transport: "http", url: again.url });
    try {
      const history = historyOf(await reader.callTool("conversation.get-history", { conversationId }));
      const stored = history.messages[1]?.metadata.secondOpinion as {
        pendingModels?: string[];
        secondaryOpinions: { model: string; response: string; late?: boolean }[];
      };
      const grok = stored.secondaryOpinions.find((opinion) => opinion.model === "grok");
      assert.equal(grok?.response, stoppedResponse);
      assert.equal(grok?.late, true);
      assert.deepEqual(stored.pendingModels ?? [], []);
    } finally {
      await reader.close();
      await again.stop();
    }
  });

  it("cancels a call that outlasts the drain deadline", async () => {
    const server = await startHttpServerProcess({ ...context.environment, AI_UNIVERSE_DRAIN_SECONDS: "1" });
    const client = await connectClient("v2-modern", { transport: "http", url: server.url });
    context.simulator.setDefaultBehaviour({ latencyMs: 30_000 });
    try {
      const from = context.simulator.requests.length;
      // The answer is an event stream, which the v2 client waits out to its timeout when the server
      // goes away: a short one, far longer than the 1 s drain, ends the call once the server is gone.
      const running = client
        .callTool(
          "agent.second_opinion",
          { question: "Too slow", maxOpinions: 0 },
          { timeout: 15_000, resetTimeoutOnProgress: false },
        )
        .catch((error: Error) => error);
      await context.simulator.waitForRequests((requests) => requests.length > from);
      server.process.kill("SIGTERM");
      const [code] = (await once(server.process, "exit")) as [number | null];
      assert.equal(code, 0, server.stderr());
      assert.match(server.stderr(), /cancelling 1 call\(s\) still running/);
      await context.simulator.waitForRequests((requests) =>
        requests.slice(from).every((request) => request.aborted),
      );
      await running;
    } finally {
      context.simulator.setDefaultBehaviour({});
      await client.close().catch(() => {});
      await server.stop();
    }
  });
});
