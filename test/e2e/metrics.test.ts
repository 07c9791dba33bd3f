// Prometheus metrics at /metrics: consultations and model calls by outcome, latency, tokens and cost
// per model, retries, refusals by limits, calls in flight and store latency; never a user or a prompt;
// behind a bearer token when AI_UNIVERSE_METRICS_TOKEN is set.

import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { errorTextOf, secondOpinionOf } from "./support/e2e-fixture.ts";
import { type InProcessServer, startHttpServerInProcess } from "./support/http-server-in-process.ts";
import { connectClient, type TestClient } from "./support/mcp-clients.ts";
import { serverEnvironment } from "./support/server-environment.ts";

describe("metrics", () => {
  let simulator: ProviderSimulator;
  let server: InProcessServer;
  let client: TestClient;
  before(async () => {
    simulator = await startProviderSimulator();
    const { environment, directory } = await serverEnvironment(simulator.url, { maxRetries: 1 });
    const configPath = join(directory, "metrics.json");
    writeFileSync(
      configPath,
      JSON.stringify({
        defaults: { maxRetries: 1, modelDeadlineMs: 30_000 },
        tiers: { local: { requestsPerHour: 2 } },
      }),
    );
    server = await startHttpServerInProcess({ ...environment, AI_UNIVERSE_CONFIG: configPath });
    client = await connectClient("v2-modern", { transport: "http", url: server.url });
  });
  after(async () => {
    await client?.close();
    await server?.stop();
    await simulator?.close();
  });

  it("counts consultations, model calls, latency, tokens, cost, retries, refusals and store time", async () => {
    simulator.setBehaviour("grok-4.6", { status: 503, errorMessage: "overloaded" });
    secondOpinionOf(
      await client.callTool("agent.second_opinion", {
        question: "A question nobody may read in the metrics",
        primaryModel: "cerebras",
        secondaryModels: ["grok"],
        synthesisModel: "cerebras",
      }),
    );
    simulator.setBehaviour("grok-4.6", {});
    assert.notEqual((await client.callTool("conversation.list", {})).isError, true);
    assert.match(errorTextOf(await client.callTool("conversation.list", {})), /^rate_limited/);
    const response = await fetch(`${server.url}/metrics`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get("content-type") ?? "", /text\/plain/);
    const text = await response.text();
    const expectations = [
      /^ai_universe_consultations_total\{use_case="second_opinion",outcome="ok"\} 1$/m,
      /^ai_universe_model_calls_total\{model="cerebras",outcome="ok"\} 2$/m,
      /^ai_universe_model_calls_total\{model="grok",outcome="error"\} 1$/m,
      /^ai_universe_retries_total\{model="grok"\} 1$/m,
      /^ai_universe_model_latency_seconds_count\{model="cerebras"\} 1$/m,
      /^ai_universe_tokens_total\{model="cerebras"\} \d+$/m,
      /^ai_universe_cost_usd_total\{model="cerebras"\} 0\.\d+/m,
      /^ai_universe_refusals_total\{code="rate_limited"\} 1$/m,
      /^ai_universe_in_flight_calls 0$/m,
      /^ai_universe_store_latency_seconds_count\{operation="conversations.saveTurn"\} 1$/m,
      /^ai_universe_process_resident_memory_bytes \d+/m,
    ];
    for (const expected of expectations) assert.match(text, expected);
    assert.ok(
      !text.includes("nobody may read") && !text.includes("local"),
      "a prompt or a user reached the metrics",
    );
  });

  it("asks for the token AI_UNIVERSE_METRICS_TOKEN names, in one line, and serves them to who sends it", async () => {
    const { environment } = await serverEnvironment(simulator.url);
    const guarded = await startHttpServerInProcess({
      ...environment,
      AI_UNIVERSE_METRICS_TOKEN: "scrape-token-123",
    });
    try {
      const scrape = (authorization?: string) =>
        fetch(`${guarded.url}/metrics`, authorization ? { headers: { authorization } } : {});
      for (const [authorization, reason] of [
        [
          undefined,
          /^This server's metrics need a token: send the value of AI_UNIVERSE_METRICS_TOKEN as Authorization: Bearer <token>\.$/,
        ],
        ["Bearer wrong-token", /^The metrics token is wrong: send the value of AI_UNIVERSE_METRICS_TOKEN/],
        ["Basic c2NyYXBlLXRva2VuLTEyMw==", /^The metrics token is wrong/],
      ] as const) {
        const refused = await scrape(authorization);
        assert.equal(refused.status, 401, authorization);
        const { error } = (await refused.json()) as { error: { code: string; message: string } };
        assert.equal(error.code, "unauthenticated");
        assert.match(error.message, reason);
        assert.ok(!error.message.includes("scrape-token-123"), "the token is shown");
      }
      const served = await scrape("Bearer scrape-token-123");
      assert.equal(served.status, 200);
      assert.match(await served.text(), /^ai_universe_in_flight_calls 0$/m);
    } finally {
      await guarded.stop();
    }
  });
});
