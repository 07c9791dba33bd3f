// One simulator and one HTTP server per test file (in the test's process: the tests that need a server
// process of its own start one with http-server-process.ts), plus helpers to call the tools.

import assert from "node:assert/strict";
import { after, before } from "node:test";
import { builtInCatalog } from "../../../src/configuration/catalog.ts";
import type { SecondOpinionOutput, SecondOpinionResult } from "../../../src/contract/consultation-results.ts";
import type { HistoryResult } from "../../../src/contract/conversations.ts";
import { fullSecondOpinion } from "../../../src/contract/result-detail.ts";
import { type ProviderSimulator, startProviderSimulator } from "../../simulator/provider-simulator.ts";
import { assertMatchesSchema } from "../../support/seed-schemas.ts";
import { type InProcessServer, startHttpServerInProcess } from "./http-server-in-process.ts";
import { type ClientKind, connectClient, type TestClient, type ToolResult } from "./mcp-clients.ts";
import { serverEnvironment } from "./server-environment.ts";

/** The built-in catalog's model id of a short name, as the simulator sees it in requests. */
function catalogId(name: string): string {
  const entry = builtInCatalog.find((candidate) => candidate.name === name);
  assert.ok(entry, `the catalog has ${name}`);
  return entry.modelId;
}

/** Catalog model ids, as the simulator sees them in requests. */
export const modelIds = {
  cerebras: catalogId("cerebras"),
  grok: catalogId("grok"),
  openai: catalogId("openai"),
  claude: catalogId("claude"),
  gemini: catalogId("gemini"),
  perplexity: catalogId("perplexity"),
  openrouter: catalogId("openrouter"),
  geminiFlash: catalogId("gemini-flash"),
  gptMini: catalogId("gpt-mini"),
  claudeHaiku: catalogId("claude-haiku"),
  sonar: catalogId("sonar"),
} as const;

/** The live pieces of a test file. */
export interface EndToEnd {
  simulator: ProviderSimulator;
  server: InProcessServer;
  environment: Record<string, string>;
  client: TestClient;
}

/** Starts the simulator and an environment pointed at it, for tests that start servers themselves. */
export function useSimulatorEnvironment(defaults: Record<string, unknown> = {}): {
  simulator: ProviderSimulator;
  environment: Record<string, string>;
} {
  const context = {} as { simulator: ProviderSimulator; environment: Record<string, string> };
  before(async () => {
    context.simulator = await startProviderSimulator();
    context.environment = (await serverEnvironment(context.simulator.url, defaults)).environment;
  });
  after(async () => context.simulator?.close());
  return context;
}

/** Starts the simulator, a server with `defaults`, and a v2 client over HTTP; stops them after the file. */
export function useEndToEnd(
  defaults: Record<string, unknown> = {},
  kind: ClientKind = "v2-modern",
): EndToEnd {
  const context = {} as EndToEnd;
  before(async () => {
    context.simulator = await startProviderSimulator();
    context.environment = (await serverEnvironment(context.simulator.url, defaults)).environment;
    context.server = await startHttpServerInProcess(context.environment);
    context.client = await connectClient(kind, { transport: "http", url: context.server.url });
  });
  after(async () => {
    await context.client?.close();
    await context.server?.stop();
    await context.simulator?.close();
  });
  return context;
}

/** The structured result of a successful second opinion, checked against the seed schema. */
export function secondOpinionOf(result: ToolResult): SecondOpinionResult {
  assert.notEqual(result.isError, true, `tool failed: ${result.content[0]?.text}`);
  assertMatchesSchema("secondOpinion", result.structuredContent);
  // Read as the application gives it: the compact form's assessment back in the synthesis.
  return fullSecondOpinion(result.structuredContent as unknown as SecondOpinionOutput);
}

/** The structured result of get-history, checked against the seed schema. */
export function historyOf(result: ToolResult) {
  assert.notEqual(result.isError, true, `tool failed: ${result.content[0]?.text}`);
  assertMatchesSchema("history", result.structuredContent);
  return (result.structuredContent as unknown as HistoryResult).history;
}

/** The text of a failed tool call. */
export function errorTextOf(result: ToolResult): string {
  assert.equal(result.isError, true, "expected the tool call to fail");
  return result.content.map((block) => block.text ?? "").join("\n");
}
