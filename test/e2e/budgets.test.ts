// Budgets end to end: maxCostUsd leaves out the models whose estimate does not fit, or refuses the
// call, before any provider request (the simulator's log proves it); the tier's daily budget admits a
// call only while its worst case fits in what is left today, and a refusal says the estimate, what is
// left and when it resets; models of unknown cost follow the tier.

import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { errorTextOf, modelIds, secondOpinionOf } from "./support/e2e-fixture.ts";
import { type InProcessServer, startHttpServerInProcess } from "./support/http-server-in-process.ts";
import { connectClient, type TestClient } from "./support/mcp-clients.ts";
import { serverEnvironment } from "./support/server-environment.ts";

async function serverWith(simulator: ProviderSimulator, config: object) {
  const { environment, directory } = await serverEnvironment(simulator.url);
  const configPath = join(directory, "budget.json");
  writeFileSync(
    configPath,
    JSON.stringify({ defaults: { maxRetries: 0, modelDeadlineMs: 30_000 }, ...config }),
  );
  const server = await startHttpServerInProcess({ ...environment, AI_UNIVERSE_CONFIG: configPath });
  const client = await connectClient("v2-modern", { transport: "http", url: server.url });
  return { server, client };
}

describe("budgets", () => {
  let simulator: ProviderSimulator;
  const running: { server: InProcessServer; client: TestClient }[] = [];
  before(async () => {
    simulator = await startProviderSimulator();
  });
  after(async () => {
    for (const { server, client } of running) {
      await client.close().catch(() => {});
      await server.stop();
    }
    await simulator?.close();
  });
  const start = async (config: object) => {
    const started = await serverWith(simulator, config);
    running.push(started);
    return started.client;
  };
  const modelsAsked = (from: number) => simulator.requests.slice(from).map((request) => request.model);

  it("leaves out the dearest models under maxCostUsd, says so, and never calls them", async () => {
    const client = await start({});
    const before = simulator.requests.length;
    const result = secondOpinionOf(
      await client.callTool("agent.second_opinion", {
        question: "Within budget?",
        primaryModel: "cerebras",
        secondaryModels: ["gemini", "grok"],
        synthesisModel: "cerebras",
        maxCostUsd: 0.15,
      }),
    );
    // Gemini Pro's output costs twice Grok's: it is the dearer one.
    assert.deepEqual(
      result.secondaryOpinions.map((opinion) => opinion.model),
      ["grok"],
    );
    assert.ok(result.synthesis && !result.synthesis.error);
    assert.equal(result.budget?.maxCostUsd, 0.15);
    assert.ok((result.budget?.estimatedCostUsd ?? 1) <= 0.15);
    assert.deepEqual(
      result.budget?.leftOut.map((left) => left.model),
      ["gemini"],
    );
    assert.ok(!modelsAsked(before).includes("gemini-3.1-pro-preview"), "a left-out model was called");
    assert.ok(modelsAsked(before).includes("grok-4.6"));
  });

  it("refuses a call that cannot fit before any provider request, with the estimate", async () => {
    const client = await start({});
    const before = simulator.requests.length;
    const refused = await client.callTool("agent.second_opinion", {
      question: "Too cheap?",
      primaryModel: "cerebras",
      maxCostUsd: 0.001,
    });
    assert.match(errorTextOf(refused), /^budget_exceeded: Even cerebras alone may cost up to \$0\.0\d+/);
    const sent = await client.callTool("conversation.send-message", {
      content: "Too cheap?",
      model: "grok",
      maxCostUsd: 0.001,
    });
    assert.match(errorTextOf(sent), /^budget_exceeded/);
    assert.equal(simulator.requests.length, before, "a refused call reached a provider");
  });

  it("admits a call only while its worst case fits in what is left of the day's budget, and says what is left and when it resets", async () => {
    const client = await start({ tiers: { local: { dailyBudgetUsd: 0.01 } } });
    // The answer uses most of its output cap, so what is left after it cannot hold a second worst case.
    simulator.setBehaviour(modelIds.cerebras, { usage: { inputTokens: 100, outputTokens: 7000 } });
    try {
      secondOpinionOf(
        await client.callTool("agent.second_opinion", {
          question: "First?",
          primaryModel: "cerebras",
          maxOpinions: 0,
        }),
      );
      const usage = (await client.callTool("usage", {})).structuredContent as {
        spend: { todayUsd: number; dailyBudgetUsd: number; resetsAt: string };
      };
      assert.ok(usage.spend.todayUsd > 0.001 && usage.spend.todayUsd < 0.01, `spent ${usage.spend.todayUsd}`);
      assert.equal(usage.spend.dailyBudgetUsd, 0.01);
      const before = simulator.requests.length;
      const stopped = await client.callTool("agent.second_opinion", {
        question: "Second?",
        primaryModel: "cerebras",
        maxOpinions: 0,
      });
      const text = errorTextOf(stopped);
      const left = Math.round((0.01 - usage.spend.todayUsd) * 1e9) / 1e9;
      assert.match(
        text,
        /^budget_exhausted: This call may cost up to \$0\.00\d+ \(its worst case: every model asked writing its whole output cap\), but only \$0\.00\d+ of your tier's \(local\) daily budget of \$0\.01 is left today \(\$0\.00\d+ spent\)\. Ask fewer models/,
      );
      assert.equal(Number(text.match(/only \$(\S+) of/)?.[1]), Number(left.toPrecision(4)));
      assert.equal(text.match(/reset at (\S+),/)?.[1], usage.spend.resetsAt);
      assert.equal(simulator.requests.length, before, "a refused call reached a provider");
    } finally {
      simulator.reset();
    }
  });

  it("leaves out a model without a price when the tier refuses unknown costs", async () => {
    const client = await start({
      models: {
        lab: { provider: "openai-compatible", modelId: "lab-model", baseURL: `${simulator.url}/openai/v1` },
      },
      tiers: { local: { unpricedModels: "refuse" } },
    });
    const before = simulator.requests.length;
    const result = secondOpinionOf(
      await client.callTool("agent.second_opinion", {
        question: "Unknown cost?",
        primaryModel: "cerebras",
        secondaryModels: ["lab", "gemini"],
      }),
    );
    assert.deepEqual(
      result.secondaryOpinions.map((opinion) => opinion.model),
      ["gemini"],
    );
    assert.match(result.budget?.leftOut[0]?.reason ?? "", /^unknown cost/);
    assert.ok(!modelsAsked(before).includes("lab-model"));
    assert.match(
      errorTextOf(await client.callTool("agent.second_opinion", { question: "x", primaryModel: "lab" })),
      /^budget_exceeded: lab has no price/,
    );
  });
});
