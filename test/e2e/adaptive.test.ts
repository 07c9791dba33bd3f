// Adaptive consultation end to end, over MCP with the provider simulator: a config-file panel with
// `strategy: "adaptive"` asks the two cheapest models of different families first (gpt-mini and
// gemini-flash: cerebras, cheaper than gemini-flash, runs OpenAI's gpt-oss, gpt-mini's family); when
// their synthesis agrees no other provider is called; when it does not, progress announces the rest,
// who are asked once each, the first two not again; a panel of one family is asked at once, saying why.
// Every result is checked against the seed schema.

import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { modelIds, secondOpinionOf } from "./support/e2e-fixture.ts";
import { type InProcessServer, startHttpServerInProcess } from "./support/http-server-in-process.ts";
import { connectClient, type TestClient } from "./support/mcp-clients.ts";
import { serverEnvironment } from "./support/server-environment.ts";

/** Claude writes the synthesis: agreement `first` over the first two, `everyone` over the whole panel. */
function synthesisBy(scores: { first: number; everyone: number }) {
  return ({ lastUserText, structured }: { lastUserText: string; structured: boolean }) => {
    if (!structured) return "Claude's own answer: it depends on the load.";
    const score = lastUserText.includes("### 3.") ? scores.everyone : scores.first;
    return JSON.stringify({
      synthesis: `**Answer**: synthesis at agreement ${score}`,
      agreement: { score, reason: score >= 0.8 ? "both say the same" : "they differ" },
      consensus: [],
      dissent: [],
      verdict: null,
      positions: [],
    });
  };
}

describe("adaptive consultation end to end", () => {
  let simulator: ProviderSimulator;
  let server: InProcessServer;
  let client: TestClient;
  const requestsFor = (model: string) =>
    simulator.requests.filter((request) => request.model === model).length;

  before(async () => {
    simulator = await startProviderSimulator();
    const prepared = await serverEnvironment(simulator.url);
    const config = join(prepared.directory, "adaptive.json");
    writeFileSync(
      config,
      JSON.stringify({
        defaults: { maxRetries: 0, modelDeadlineMs: 20_000 },
        panels: {
          thrifty: {
            models: ["claude", "gemini-flash", "gpt-mini", "cerebras", "grok"],
            primary: "claude",
            strategy: "adaptive",
          },
        },
      }),
    );
    server = await startHttpServerInProcess({ ...prepared.environment, AI_UNIVERSE_CONFIG: config });
    client = await connectClient("v2-modern", { transport: "http", url: server.url });
  });
  after(async () => {
    await client?.close();
    await server?.stop();
    await simulator?.close();
  });

  it("answers from the two cheapest models of different families when they agree, calling no other provider", async () => {
    simulator.reset();
    simulator.setBehaviour(modelIds.claude, { text: synthesisBy({ first: 0.9, everyone: 0.5 }) });
    const result = secondOpinionOf(
      await client.callTool("agent.second_opinion", { question: "Queue on PostgreSQL?", panel: "thrifty" }),
    );
    assert.equal(result.adaptive?.path, "cheap");
    assert.deepEqual(result.adaptive?.firstModels, ["gpt-mini", "gemini-flash"]);
    assert.equal(result.adaptive?.agreement, 0.9);
    assert.equal(result.adaptive?.threshold, 0.8);
    assert.deepEqual(
      [result.primary, ...result.secondaryOpinions].map((opinion) => opinion.model),
      ["gemini-flash", "gpt-mini"],
    );
    assert.equal(result.synthesis?.response, "**Answer**: synthesis at agreement 0.9");
    assert.deepEqual(
      [modelIds.gptMini, modelIds.geminiFlash, modelIds.claude, modelIds.cerebras, modelIds.grok].map(
        requestsFor,
      ),
      [1, 1, 1, 0, 0],
      "two opinions and the synthesis: nobody else was asked",
    );
  });

  it("asks the rest of the panel when they disagree, says so in progress, and never asks the first two again", async () => {
    simulator.reset();
    simulator.setBehaviour(modelIds.claude, { text: synthesisBy({ first: 0.2, everyone: 0.7 }) });
    const messages: string[] = [];
    const result = secondOpinionOf(
      await client.callTool(
        "agent.second_opinion",
        { question: "Queue on PostgreSQL?", panel: "thrifty" },
        { onprogress: (progress) => messages.push(progress.message ?? "") },
      ),
    );
    assert.equal(result.adaptive?.path, "escalated");
    assert.match(
      result.adaptive?.reason ?? "",
      /gpt-mini and gemini-flash disagree: agreement 0\.2 is below 0\.8/,
    );
    assert.equal(result.synthesis?.response, "**Answer**: synthesis at agreement 0.7");
    assert.equal(result.summary.totalModels, 5);
    assert.deepEqual(
      [modelIds.gptMini, modelIds.geminiFlash, modelIds.cerebras, modelIds.grok, modelIds.claude].map(
        requestsFor,
      ),
      [1, 1, 1, 1, 3],
      "each opinion once; claude also wrote both syntheses",
    );
    assert.ok(
      messages.some((message) =>
        /^asking claude, cerebras, grok too: gpt-mini and gemini-flash disagree/.test(message),
      ),
      messages.join("\n"),
    );
  });

  it("asks a panel of one family at once, and says why", async () => {
    simulator.reset();
    const result = secondOpinionOf(
      await client.callTool("agent.second_opinion", {
        question: "Queue on PostgreSQL?",
        primaryModel: "openai",
        secondaryModels: ["gpt-mini", "cerebras"],
        strategy: "adaptive",
      }),
    );
    assert.equal(result.adaptive?.path, "full");
    assert.match(result.adaptive?.reason ?? "", /every model asked is of one family \(OpenAI GPT\)/);
    assert.deepEqual(result.adaptive?.firstModels, []);
    assert.equal(result.summary.totalModels, 3);
  });
});
