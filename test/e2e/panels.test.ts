// Named panels end to end: the models tool with the official clients over HTTP and stdio (checked
// against its output schema), agent.second_opinion with a panel asking exactly the panel's models (the
// simulator's request log proves it), an unknown panel, and `ai-universe models` listing the panels.

import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, beforeEach, describe, it } from "node:test";
import { promisify } from "node:util";
import type { ModelListing } from "../../src/contract/models.ts";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { assertMatchesOutputSchema } from "../support/seed-schemas.ts";
import { errorTextOf, modelIds, secondOpinionOf } from "./support/e2e-fixture.ts";
import { type InProcessServer, startHttpServerInProcess } from "./support/http-server-in-process.ts";
import { mainScript } from "./support/http-server-process.ts";
import { type ClientKind, connectClient, type Target, type TestClient } from "./support/mcp-clients.ts";
import { serverEnvironment } from "./support/server-environment.ts";

const run = promisify(execFile);

const config = {
  defaults: { maxRetries: 0, modelDeadlineMs: 30_000 },
  panels: {
    review: {
      models: ["gemini", "grok", "claude"],
      primary: "grok",
      synthesisModel: "claude",
      description: "Code review",
      hedge: { after: 3000, equivalents: { claude: "claude-haiku" } },
    },
    local: { models: ["claude", "ollama"] },
  },
};

describe("panels end to end", () => {
  let simulator: ProviderSimulator;
  let server: InProcessServer;
  let environment: Record<string, string>;
  let client: TestClient;
  before(async () => {
    simulator = await startProviderSimulator();
    const prepared = await serverEnvironment(simulator.url);
    const configPath = join(prepared.directory, "panels.json");
    writeFileSync(configPath, JSON.stringify(config));
    environment = { ...prepared.environment, AI_UNIVERSE_CONFIG: configPath };
    server = await startHttpServerInProcess(environment);
    client = await connectClient("v2-modern", { transport: "http", url: server.url });
  });
  after(async () => {
    await client?.close();
    await server?.stop();
    await simulator?.close();
  });
  beforeEach(() => simulator.reset());

  const clients: [ClientKind, "http" | "stdio"][] = [
    ["v2-modern", "http"],
    ["v1-2025-06-18", "stdio"],
  ];
  for (const [kind, transport] of clients) {
    it(`lists models and panels with availability and price: ${kind} over ${transport}`, async () => {
      const target: Target =
        transport === "http" ? { transport, url: server.url } : { transport, environment };
      const connected = await connectClient(kind, target);
      try {
        const tool = (await connected.listTools()).find((listed) => listed.name === "models");
        assert.ok(tool?.outputSchema, "the models tool is listed with an output schema");
        assert.equal((tool as { annotations?: { readOnlyHint?: boolean } }).annotations?.readOnlyHint, true);
        const result = await connected.callTool("models", {});
        assert.notEqual(result.isError, true, result.content[0]?.text);
        assertMatchesOutputSchema("models", result.structuredContent);
        const listing = result.structuredContent as unknown as ModelListing;

        const gemini = listing.models.find((model) => model.name === "gemini");
        assert.equal(gemini?.available, true);
        assert.deepEqual(gemini?.pricing, {
          inputPerMillion: 2,
          outputPerMillion: 12,
          cachedInputPerMillion: 0.2,
          tierAboveInputTokens: 200_000,
          source: "price-data",
        });
        assert.equal(gemini?.deprecated, false);
        assert.equal(listing.priceData.source, "bundled");
        assert.equal(listing.models.find((model) => model.name === "perplexity")?.webSearch, true);
        const ollama = listing.models.find((model) => model.name === "ollama");
        assert.equal(ollama?.available, false);
        assert.match(ollama?.reason ?? "", /OLLAMA_BASE_URL/);

        assert.deepEqual(
          listing.panels.map((panel) => panel.name),
          ["fast", "deep", "research", "review", "local"],
        );
        const review = listing.panels.find((panel) => panel.name === "review");
        assert.deepEqual(
          { ...review, estimatedCostUsd: undefined },
          {
            name: "review",
            description: "Code review",
            models: ["gemini", "grok", "claude"],
            primary: "grok",
            synthesisModel: "claude",
            hedge: true,
            available: true,
            unavailableModels: [],
            estimatedCostUsd: undefined,
          },
        );
        assert.ok((review?.estimatedCostUsd ?? 0) > 0);
        const local = listing.panels.find((panel) => panel.name === "local");
        assert.equal(local?.available, false);
        assert.deepEqual(local?.unavailableModels, ["ollama"]);
        assert.equal(listing.panels.find((panel) => panel.name === "research")?.hedge, false);
      } finally {
        await connected.close();
      }
    });
  }

  it("asks exactly the panel's models, and arguments given with the panel win", async () => {
    const result = secondOpinionOf(
      await client.callTool("agent.second_opinion", { question: "Review this?", panel: "review" }),
    );
    assert.equal(result.primary.model, "grok");
    assert.deepEqual(
      result.secondaryOpinions.map((opinion) => opinion.model),
      ["gemini", "claude"],
    );
    assert.equal(result.synthesis?.model, "claude");
    const asked = () => [...new Set(simulator.requests.map((request) => request.model))].sort();
    assert.deepEqual(asked(), [modelIds.claude, modelIds.gemini, modelIds.grok].sort());

    simulator.reset();
    const narrowed = secondOpinionOf(
      await client.callTool("agent.second_opinion", {
        question: "Only one more?",
        panel: "review",
        maxOpinions: 1,
        synthesisModel: "cerebras",
      }),
    );
    assert.deepEqual(
      narrowed.secondaryOpinions.map((opinion) => opinion.model),
      ["gemini"],
    );
    assert.equal(narrowed.synthesis?.model, "cerebras");
    assert.deepEqual(asked(), [modelIds.cerebras, modelIds.gemini, modelIds.grok].sort());
  });

  it("refuses an unknown panel with the known ones, asking no provider", async () => {
    const text = errorTextOf(
      await client.callTool("agent.second_opinion", { question: "Anyone?", panel: "nobody" }),
    );
    assert.match(
      text,
      /^invalid_argument: Unknown panel "nobody"\. Panels: fast, deep, research, review, local\./,
    );
    assert.equal(simulator.requests.length, 0);
  });

  it("ai-universe models lists the panels after the models, and --format json is the tool's result", async () => {
    const { stdout } = await run(process.execPath, [mainScript, "models"], { env: environment });
    const [models, panels] = stdout.split(/\nPanels[^\n]*\n/);
    assert.match(models ?? "", /^gemini\s+google\/gemini-3\.1-pro-preview\s+available$/m);
    assert.match(
      panels ?? "",
      /^review\s+grok, gemini, claude\s+available\s+hedge on\s+about \$0\.\d{4} a question$/m,
    );
    assert.match(panels ?? "", /^local\s+claude, ollama\s+unavailable: ollama\s+hedge off/m);
    assert.match(panels ?? "", /^research\s+perplexity, claude, openai, gemini\s+available\s+hedge off/m);

    const json = await run(process.execPath, [mainScript, "models", "--format", "json"], {
      env: environment,
    });
    const listing = JSON.parse(json.stdout) as ModelListing;
    assertMatchesOutputSchema("models", listing);
    assert.deepEqual(
      listing.panels.map((panel) => [panel.name, panel.available]),
      [
        ["fast", true],
        ["deep", true],
        ["research", true],
        ["review", true],
        ["local", false],
      ],
    );
  });
});
