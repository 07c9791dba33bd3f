// A slow model must not make a client time out: while anything runs, the server sends progress (every
// 10 s: test/mcp/progress-reporter.test.ts, on a mocked clock), so a client that resets its 60 s timeout
// on progress (the SDK v1 default timeout) sees a 75 s consultation through.

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { secondOpinionOf } from "./support/e2e-fixture.ts";
import { type ServerProcess, startHttpServerProcess } from "./support/http-server-process.ts";
import { connectClient } from "./support/mcp-clients.ts";
import { serverEnvironment } from "./support/server-environment.ts";

describe("progress heartbeat", () => {
  let simulator: ProviderSimulator;
  let server: ServerProcess;
  before(async () => {
    simulator = await startProviderSimulator();
    server = await startHttpServerProcess(
      (await serverEnvironment(simulator.url, { modelDeadlineMs: 120_000, primary: "claude" })).environment,
    );
  });
  after(async () => {
    await server?.stop();
    await simulator?.close();
  });

  it("keeps a v1 client with its 60 s default timeout waiting through a 75 s model", {
    timeout: 120_000,
  }, async () => {
    simulator.setDefaultBehaviour({ latencyMs: 75_000 });
    const client = await connectClient("v1-2025-11-25", { transport: "http", url: server.url });
    try {
      const arrivals: number[] = [];
      const started = performance.now();
      const result = secondOpinionOf(
        await client.callTool(
          "agent.second_opinion",
          { question: "Take your time.", maxOpinions: 0 },
          { onprogress: () => arrivals.push(performance.now()) },
        ),
      );
      // Longer than the client's 60 s timeout, which only the progress kept from firing.
      const elapsed = performance.now() - started;
      assert.ok(elapsed >= 75_000, `the call took ${Math.round(elapsed)} ms`);
      assert.equal(result.primary.error, undefined);
      assert.ok(arrivals.length > 0, "the client heard progress");
    } finally {
      await client.close();
    }
  });
});
