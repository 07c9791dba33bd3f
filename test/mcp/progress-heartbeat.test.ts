// A slow model must not make a client time out: while anything runs, the server sends progress (every
// 10 s: progress-reporter.test.ts), so a client that resets its 60 s timeout on progress (the SDK v1
// default timeout) sees a 75 s consultation through. The real HTTP server and the official v1 client
// run in this process on simulated time (node:test's mocked timers): the model's 75 s, the heartbeat
// and the client's timeout all run on the clock the test moves, so the test waits no real minute.

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { secondOpinionOf } from "../e2e/support/e2e-fixture.ts";
import { type InProcessServer, startHttpServerInProcess } from "../e2e/support/http-server-in-process.ts";
import { connectClient } from "../e2e/support/mcp-clients.ts";
import { serverEnvironment } from "../e2e/support/server-environment.ts";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { simulateTime } from "../support/simulated-time.ts";

describe("progress heartbeat", () => {
  let simulator: ProviderSimulator;
  let server: InProcessServer;
  before(async () => {
    simulator = await startProviderSimulator();
    server = await startHttpServerInProcess(
      (await serverEnvironment(simulator.url, { modelDeadlineMs: 120_000, primary: "claude" })).environment,
    );
  });
  after(async () => {
    await server?.stop();
    await simulator?.close();
  });

  it("keeps a v1 client with its 60 s default timeout waiting through a 75 s model", async () => {
    simulator.setDefaultBehaviour({ latencyMs: 75_000 });
    const client = await connectClient("v1-2025-11-25", { transport: "http", url: server.url });
    // From here the model's latency, the heartbeat and the client's 60 s timeout are on simulated time.
    const time = simulateTime();
    try {
      const arrivals: number[] = [];
      const result = secondOpinionOf(
        await time.until(
          client.callTool(
            "agent.second_opinion",
            { question: "Take your time.", maxOpinions: 0 },
            { onprogress: () => arrivals.push(time.now()) },
          ),
          150_000,
        ),
      );
      // Longer than the client's 60 s timeout, which only the progress kept from firing.
      assert.ok(time.now() >= 75_000, `the call took ${time.now()} ms`);
      assert.equal(result.primary.error, undefined);
      assert.ok(arrivals.length > 0, "the client heard progress");
    } finally {
      time.restore();
      await client.close();
    }
  });
});
