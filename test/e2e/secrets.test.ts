// Configured secrets never leave the server: the key of a model added in the config file (apiKeyEnv),
// echoed back by its provider in an error or an answer, is scrubbed from results, answers streamed as
// progress (MCP and the web page), stored messages, exports and logs, like the providers' own keys.

import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { streamTextKey } from "../../src/contract/progress-events.ts";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { historyOf, secondOpinionOf } from "./support/e2e-fixture.ts";
import { type ServerProcess, startHttpServerProcess } from "./support/http-server-process.ts";
import { connectClient, type TestClient } from "./support/mcp-clients.ts";
import { serverEnvironment } from "./support/server-environment.ts";

const secret = "lm-studio-secret-98765";

describe("secrets", () => {
  let simulator: ProviderSimulator;
  let server: ServerProcess;
  let client: TestClient;
  before(async () => {
    simulator = await startProviderSimulator();
    const { environment, directory } = await serverEnvironment(simulator.url);
    const configPath = join(directory, "with-local-model.json");
    writeFileSync(
      configPath,
      JSON.stringify({
        models: {
          lmstudio: {
            provider: "openai-compatible",
            modelId: "local-model",
            baseURL: `${simulator.url}/openai/v1`,
            apiKeyEnv: "LMSTUDIO_API_KEY",
          },
        },
        defaults: { maxRetries: 0, modelDeadlineMs: 30_000 },
      }),
    );
    server = await startHttpServerProcess({
      ...environment,
      AI_UNIVERSE_CONFIG: configPath,
      LMSTUDIO_API_KEY: secret,
    });
    client = await connectClient("v1-2025-11-25", { transport: "http", url: server.url });
  });
  after(async () => {
    await client?.close();
    await server?.stop();
    await simulator?.close();
  });

  it("scrubs a config-file model's key echoed by its provider from errors, answers, history and logs", async () => {
    await client.raw.setLoggingLevel("debug");
    simulator.setBehaviour("local-model", {
      status: 401,
      errorMessage: `Incorrect API key provided: ${secret}`,
    });
    const failed = secondOpinionOf(
      await client.callTool("agent.second_opinion", {
        question: "Which key?",
        primaryModel: "claude",
        secondaryModels: ["lmstudio"],
      }),
    );
    const opinion = failed.secondaryOpinions[0];
    assert.equal(opinion?.error, true);
    assert.match(opinion?.response ?? "", /HTTP 401: Incorrect API key provided: \[redacted\]/);

    simulator.setBehaviour("local-model", { text: `Your key is ${secret}, keep it safe.` });
    const echoed = await client.callTool("conversation.send-message", {
      content: "Say my key",
      model: "lmstudio",
    });
    assert.notEqual(echoed.isError, true);

    // Answers as they form: MCP progress (its `_meta` carries the text) and the web page's stream.
    const progress: unknown[] = [];
    const streamed = await client.callTool(
      "agent.second_opinion",
      { question: "Spell my key", primaryModel: "lmstudio", secondaryModels: [] },
      { onprogress: (update) => progress.push(update), meta: { [streamTextKey]: true } },
    );
    assert.notEqual(streamed.isError, true);
    assert.ok(JSON.stringify(progress).includes("[redacted]"), "the answer streamed as progress");
    const page = await fetch(`${server.url}/api/consultations`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-requested-with": "ai-universe" },
      body: JSON.stringify({ question: "Spell it again", primaryModel: "lmstudio", secondaryModels: [] }),
    });
    const pageStream = await page.text();
    assert.match(pageStream, /event: progress\ndata: \{"type":"model-text".*\[redacted\]/);

    const everything = JSON.stringify([
      progress,
      pageStream,
      failed,
      echoed,
      historyOf(await client.callTool("conversation.get-history", { conversationId: failed.conversationId })),
      await client.readResource(`conversation://${failed.conversationId}`),
    ]);
    assert.ok(everything.includes("[redacted]"));
    assert.ok(!everything.includes(secret), "the key reached a result or the history");
    assert.ok(!server.stderr().includes(secret), "the key reached the server's log");
    assert.ok(!server.stderr().includes("test-key-0001"), "a provider key reached the server's log");
  });
});
