// Limits and budgets under concurrency: two server processes on one database (one SQLite file, or one
// PostgreSQL database on the PostgreSQL pass) are sent many calls of one user at once. Against a rate
// limit of 5 per hour exactly 5 are admitted; against a daily budget no more calls are admitted than
// their worst cases fit, the day's spend stays within the budget, and each refusal says the call's
// estimate and what is left.

import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { setTimeout as delay } from "node:timers/promises";
import {
  type ProviderSimulator,
  type RecordedRequest,
  startProviderSimulator,
} from "../simulator/provider-simulator.ts";
import { startTogether } from "../support/start-together.ts";
import { makeApiKey } from "./support/cli-process.ts";
import { modelIds } from "./support/e2e-fixture.ts";
import { type ServerProcess, startHttpServerProcess } from "./support/http-server-process.ts";
import { connectClient, type TestClient, type ToolResult } from "./support/mcp-clients.ts";
import { serverEnvironment } from "./support/server-environment.ts";

/** The budgeted tier's daily budget: one worst case of the council call below ($0.056) fits, two do not. */
const dailyBudgetUsd = 0.1;
/** Calls sent at once, half to each node. */
const callsAtOnce = 12;

/** How many different questions matching `pattern` reached the providers. */
function questionsAsked(requests: readonly RecordedRequest[], pattern: RegExp): number {
  return new Set(requests.map((request) => JSON.stringify(request.body).match(pattern)?.[0]).filter(Boolean))
    .size;
}

describe("two nodes on one database, many calls at once", () => {
  let simulator: ProviderSimulator;
  const nodes: ServerProcess[] = [];
  const clients: TestClient[] = [];
  const keys: Record<string, string> = {};

  before(async () => {
    simulator = await startProviderSimulator();
    // Every answer reports 900 of its 1,000 output tokens: what a call really costs is close to its worst
    // case, so admitting more calls than the budget fits would spend more than the budget.
    simulator.setDefaultBehaviour({ latencyMs: 150, usage: { inputTokens: 100, outputTokens: 900 } });
    const prepared = await serverEnvironment(simulator.url, { maxRetries: 0 });
    const configPath = join(prepared.directory, "concurrency.json");
    const priced = { inputPricePerMillion: 1, outputPricePerMillion: 10, maxOutputTokens: 1000 };
    writeFileSync(
      configPath,
      JSON.stringify({
        defaults: { maxRetries: 0, modelDeadlineMs: 30_000 },
        models: { cerebras: priced, grok: priced, gemini: priced },
        tiers: {
          limited: { requestsPerHour: 5, requestsPerDay: null, dailyBudgetUsd: null },
          budgeted: { requestsPerHour: null, requestsPerDay: null, dailyBudgetUsd },
        },
      }),
    );
    const environment = {
      ...prepared.environment,
      AI_UNIVERSE_CONFIG: configPath,
      AI_UNIVERSE_AUTH: "api-key",
    };
    keys.limited = await makeApiKey(environment, "lena", "limited");
    keys.budgeted = await makeApiKey(environment, "bea", "budgeted");
    nodes.push(...(await startTogether([0, 1].map(() => startHttpServerProcess(environment)))));
  });
  after(async () => {
    for (const client of clients) await client.close().catch(() => {});
    for (const node of nodes) await node.stop();
    await simulator?.close();
  });

  /** One client of `user` on each node. */
  const clientsOf = async (user: string): Promise<TestClient[]> => {
    const connected = await startTogether(
      nodes.map((node) =>
        connectClient("v2-modern", {
          transport: "http",
          url: node.url,
          headers: { authorization: `Bearer ${keys[user]}` },
        }),
      ),
    );
    clients.push(...connected);
    return connected;
  };
  /** `callsAtOnce` calls of `arguments`, sent at once, alternating between the nodes. */
  const hammer = (
    on: TestClient[],
    tool: string,
    argumentsOf: (index: number) => Record<string, unknown>,
    settled: (result: ToolResult) => void = () => {},
  ) =>
    Promise.all(
      Array.from({ length: callsAtOnce }, async (_, index) => {
        const result = await (on[index % on.length] as TestClient).callTool(tool, argumentsOf(index));
        settled(result);
        return result;
      }),
    );
  const textOf = (result: ToolResult) => result.content.map((block) => block.text ?? "").join("\n");

  it("admits exactly the hour's limit of 5, counted across both processes", async () => {
    const on = await clientsOf("limited");
    const results = await hammer(on, "agent.second_opinion", (index) => ({
      question: `Limited ${index}?`,
      primaryModel: "cerebras",
      maxOpinions: 0,
    }));
    const admitted = results.filter((result) => result.isError !== true);
    const refused = results.filter((result) => result.isError === true).map(textOf);
    assert.equal(admitted.length, 5, `admitted ${admitted.length}; refused: ${refused.join(" | ")}`);
    for (const text of refused) assert.match(text, /^rate_limited: .*5 requests per hour/);
    const usage = (await (on[1] as TestClient).callTool("usage", {})).structuredContent as {
      requests: { hour: { used: number; limit: number } };
    };
    assert.deepEqual(usage.requests.hour, { ...usage.requests.hour, used: 5, limit: 5 });
  });

  it("admits no more council calls than their worst cases fit in the daily budget, and spends within it", async () => {
    const on = await clientsOf("budgeted");
    // The admitted calls' answers are held until every call is either refused or asking its models: no
    // call ends (and frees what it held) before the last is decided, however slowly a busy machine sends.
    const release = simulator.hold([modelIds.cerebras, modelIds.grok, modelIds.gemini]);
    let refusedSoFar = 0;
    const pending = hammer(
      on,
      "agent.second_opinion",
      (index) => ({
        question: `Budgeted council ${index}?`,
        primaryModel: "cerebras",
        secondaryModels: ["grok", "gemini"],
        synthesisModel: "cerebras",
      }),
      (result) => {
        if (result.isError === true) refusedSoFar += 1;
      },
    );
    const decided = () => refusedSoFar + questionsAsked(simulator.requests, /Budgeted council \d+\?/);
    for (const giveUpAt = Date.now() + 30_000; decided() < callsAtOnce; ) {
      assert.ok(Date.now() < giveUpAt, `only ${decided()} of ${callsAtOnce} calls were decided in 30 s`);
      await delay(20);
    }
    release();
    const results = await pending;
    const admitted = results.filter((result) => result.isError !== true);
    const refused = results.filter((result) => result.isError === true).map(textOf);
    assert.ok(admitted.length >= 1, `none admitted: ${refused.join(" | ")}`);
    assert.ok(refused.length >= 1, "every call was admitted");
    const estimates = refused.map((text) => {
      assert.match(
        text,
        /^budget_exhausted: This call may cost up to \$\d+\.\d+ .*only \$\d+\.\d+ of your tier's \(budgeted\) daily budget of \$0\.1 is left today/,
      );
      return Number(text.match(/may cost up to \$(\d+\.\d+)/)?.[1]);
    });
    const estimate = Math.min(...estimates);
    assert.ok(
      admitted.length * estimate <= dailyBudgetUsd,
      `${admitted.length} calls admitted at up to $${estimate} each, over the budget of $${dailyBudgetUsd}`,
    );
    const usage = (await (on[0] as TestClient).callTool("usage", {})).structuredContent as {
      spend: { todayUsd: number; dailyBudgetUsd: number };
    };
    assert.ok(usage.spend.todayUsd > 0, "the admitted calls were not charged");
    assert.ok(
      usage.spend.todayUsd <= dailyBudgetUsd,
      `spent $${usage.spend.todayUsd} of a daily budget of $${dailyBudgetUsd}`,
    );
  });
});
