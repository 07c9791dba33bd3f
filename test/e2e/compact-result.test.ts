// What an agent's model reads of a second opinion. Claude Code and Codex hand their model the structured
// result as JSON (not the text block) and file away or cut a long one, keeping its head: so the compact
// result (the default) puts the summary, the assessment with its verdict and the synthesis first, and
// every opinion once; `detail: "full"` adds the stored message and its metadata. A four-model council
// writing 3,000-character answers, over stdio with SDK v1 on 2025-11-25 (what those CLIs run) and over
// HTTP with SDK v2 on 2026-07-28; both forms match the seed schema.

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { assertMatchesSchema } from "../support/seed-schemas.ts";
import { councilVerdict } from "./support/council-script.ts";
import { modelIds } from "./support/e2e-fixture.ts";
import { type InProcessServer, startHttpServerInProcess } from "./support/http-server-in-process.ts";
import { connectClient, type TestClient, type ToolResult } from "./support/mcp-clients.ts";
import { serverEnvironment } from "./support/server-environment.ts";

/** A 3,000-character answer that names its model at the start and the end, so each copy can be counted. */
const answerOf = (model: string) =>
  `OPINION-OF-${model} ${"consider the write load. ".repeat(118)}END-OF-${model}`;

const synthesisText = `SYNTHESIS-START ${"On balance SQLite fits. ".repeat(40)}`;

/** The default panel of four, each writing a long answer; the primary (cerebras) also writes the synthesis. */
function scriptCouncil(simulator: ProviderSimulator) {
  for (const [name, id] of Object.entries(modelIds)) {
    simulator.setBehaviour(id, {
      text: ({ structured }) =>
        structured ? JSON.stringify({ synthesis: synthesisText, ...councilVerdict }) : answerOf(name),
    });
  }
}

/** How often `part` occurs in `text`. */
const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe("the compact result an agent's model reads", () => {
  let simulator: ProviderSimulator;
  let server: InProcessServer;
  let environment: Record<string, string>;
  const clients: TestClient[] = [];
  before(async () => {
    simulator = await startProviderSimulator();
    environment = (await serverEnvironment(simulator.url)).environment;
    server = await startHttpServerInProcess(environment);
    scriptCouncil(simulator);
  });
  after(async () => {
    for (const client of clients) await client.close().catch(() => {});
    await server?.stop();
    await simulator?.close();
  });

  const connections = {
    "SDK v1 on 2025-11-25 over stdio": () =>
      connectClient("v1-2025-11-25", { transport: "stdio", environment }),
    "SDK v2 on 2026-07-28 over HTTP": () =>
      connectClient("v2-modern", { transport: "http", url: server.url }),
  };

  for (const [name, connect] of Object.entries(connections)) {
    it(`${name}: the verdict and the synthesis come first, each opinion once, the whole under 20,000 characters`, async () => {
      const client = await connect();
      clients.push(client);
      const result: ToolResult = await client.callTool("agent.second_opinion", {
        question: "SQLite or PostgreSQL?",
      });
      assert.notEqual(result.isError, true, result.content[0]?.text);
      assertMatchesSchema("secondOpinion", result.structuredContent);
      const json = JSON.stringify(result.structuredContent);
      assert.ok(json.indexOf(councilVerdict.verdict.reason) >= 0, "no verdict");
      assert.ok(
        json.indexOf(councilVerdict.verdict.reason) < 2000,
        `verdict at ${json.indexOf(councilVerdict.verdict.reason)}`,
      );
      assert.ok(json.indexOf("SYNTHESIS-START") >= 0, "no synthesis");
      assert.ok(json.indexOf("SYNTHESIS-START") < 2000, `synthesis at ${json.indexOf("SYNTHESIS-START")}`);
      const content = result.structuredContent as {
        primary: { model: string };
        secondaryOpinions: { model: string }[];
      };
      const panel = [content.primary, ...content.secondaryOpinions].map((opinion) => opinion.model);
      assert.equal(panel.length, 4);
      for (const model of panel) {
        assert.equal(occurrences(json, `OPINION-OF-${model}`), 1, `${model}'s answer is not there once`);
        assert.equal(occurrences(json, `END-OF-${model}`), 1, `${model}'s answer is not whole`);
      }
      assert.equal(occurrences(json, "SYNTHESIS-START"), 1, "the synthesis is repeated");
      assert.ok(json.length < 20_000, `${json.length} characters`);
      // The text block, for clients that pass it on, leads with the same verdict.
      const text = result.content[0]?.text ?? "";
      assert.match(text, /^\*\*Verdict: BLOCK\*\*: the against side showed a real migration risk/);
      assert.ok(text.indexOf("SYNTHESIS-START") < 1000);
    });
  }

  it('with detail "full", adds the stored message and its metadata, still valid', async () => {
    const client = await connections["SDK v2 on 2026-07-28 over HTTP"]();
    clients.push(client);
    const result = await client.callTool("agent.second_opinion", {
      question: "SQLite or PostgreSQL, in full?",
      detail: "full",
    });
    assertMatchesSchema("secondOpinion", result.structuredContent);
    const full = result.structuredContent as Record<string, { [key: string]: unknown } | undefined>;
    assert.equal(full.assistantMessage?.id, full.assistantMessageId);
    assert.ok(full.metadata?.secondOpinion, "no metadata.secondOpinion");
    assert.equal(occurrences(JSON.stringify(full), "OPINION-OF-grok"), 3);
  });

  it("refuses an unknown detail", async () => {
    const client = await connections["SDK v2 on 2026-07-28 over HTTP"]();
    clients.push(client);
    const result = await client.callTool("agent.second_opinion", {
      question: "Which?",
      detail: "everything",
    });
    assert.equal(result.isError, true);
    assert.match(result.content[0]?.text ?? "", /^invalid_argument: .*detail/);
  });
});
