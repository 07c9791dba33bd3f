// The question before a costly call, end to end with the official clients that declare elicitation:
// the default panel's estimate ($0.32 with the simulator's priced models) is above the default $0.25,
// so the client is asked "This will ask 4 models ... Go on?". Declined or dismissed: no provider request
// and no spend. Accepted: the call runs and its result validates. Fewer models: the dearest is left
// out and never asked. A client without elicitation, and a call under the setting, are not asked.
// On 2026-07-28 (the client answers an input-required result and calls again), on 2025-11-25 (an
// `elicitation/create` request within the call) with the v2 and v1 SDKs, over HTTP and stdio, and
// before a task starts.

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { setTimeout as delay } from "node:timers/promises";
import type { Usage } from "../../src/contract/usage.ts";
import { automaticAnswerMs } from "../../src/mcp/cost-question.ts";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { errorTextOf, modelIds, secondOpinionOf } from "./support/e2e-fixture.ts";
import { type InProcessServer, startHttpServerInProcess } from "./support/http-server-in-process.ts";
import {
  type ClientKind,
  connectClient,
  type Elicitation,
  type ElicitationAnswer,
  type Target,
  type TestClient,
} from "./support/mcp-clients.ts";
import { serverEnvironment } from "./support/server-environment.ts";

/** A client that answers every question with `answer`, and the questions it was asked. */
interface AnsweringClient {
  client: TestClient;
  questions: Elicitation[];
}

const kinds: ClientKind[] = ["v2-modern", "v2-2025-11-25", "v1-2025-11-25"];

describe("the question before a costly call", () => {
  let simulator: ProviderSimulator;
  let environment: Record<string, string>;
  let server: InProcessServer;
  const clients: TestClient[] = [];
  before(async () => {
    simulator = await startProviderSimulator();
    environment = (await serverEnvironment(simulator.url)).environment;
    server = await startHttpServerInProcess(environment);
  });
  after(async () => {
    for (const client of clients) await client.close().catch(() => {});
    await server?.stop();
    await simulator?.close();
  });

  /** A client that answers every question with `answer` (or what it resolves with). */
  const connect = async (
    kind: ClientKind,
    answer: ElicitationAnswer | (() => Promise<ElicitationAnswer>) | undefined,
    target: Target = { transport: "http", url: server.url },
  ): Promise<AnsweringClient> => {
    const questions: Elicitation[] = [];
    const client = await connectClient(
      kind,
      target,
      answer
        ? {
            answer: (question) => {
              questions.push(question);
              return typeof answer === "function" ? answer() : answer;
            },
          }
        : {},
    );
    clients.push(client);
    return { client, questions };
  };
  const errorMetaOf = (result: unknown) =>
    (result as { _meta?: Record<string, Record<string, unknown>> })._meta?.["ai-universe/error"];
  const usageOf = async (client: TestClient) =>
    (await client.callTool("usage", {})).structuredContent as unknown as Usage;
  const modelsAsked = (from: number) => simulator.requests.slice(from).map((request) => request.model);

  for (const kind of kinds) {
    it(`${kind}: declined by the client itself, asks no model, charges nothing and says how to go on`, async () => {
      const { client, questions } = await connect(kind, { action: "decline" });
      const spent = await usageOf(client);
      const before = simulator.requests.length;
      const result = await client.callTool("agent.second_opinion", { question: `Costly, ${kind}?` });
      // Answered within milliseconds, as headless agents do: nobody was asked, and the text says so.
      assert.match(
        errorTextOf(result),
        /^declined: Your MCP client answered the cost question itself \(decline, \d+ ms after it was asked\), without showing it to anyone, .*: no model was asked and nothing was charged\. To run it, call again with maxCostUsd set to \$0\.3\d+ or more: a maxCostUsd is consent .*AI_UNIVERSE_CONFIRM_ABOVE_USD=off\.$/,
      );
      assert.doesNotMatch(errorTextOf(result), /You declined|You dismissed/);
      assert.equal(errorMetaOf(result)?.answeredBy, "client");
      assert.equal(simulator.requests.length, before, "a declined call reached a provider");
      const [question] = questions;
      assert.equal(questions.length, 1);
      assert.match(
        question?.message ?? "",
        /^This will ask 4 models \(cerebras, grok, openai, claude; cerebras writes the synthesis\) and may cost up to \$0\.3\d+ \(above the \$0\.25 this server asks about/,
      );
      assert.deepEqual(question?.requestedSchema.properties.choice?.enum, ["go-on", "fewer-models", "stop"]);
      const now = await usageOf(client);
      assert.equal(now.spend.todayUsd, spent.spend.todayUsd, "a declined call was charged");
      assert.equal(now.requests.day.used, spent.requests.day.used, "a declined call was counted");
    });

    it(`${kind}: accepted, runs as asked and its result validates`, async () => {
      const { client, questions } = await connect(kind, { action: "accept", content: { choice: "go-on" } });
      const spent = await usageOf(client);
      const before = simulator.requests.length;
      const result = secondOpinionOf(
        await client.callTool("agent.second_opinion", { question: `Worth it, ${kind}?` }),
      );
      assert.equal(questions.length, 1);
      assert.deepEqual(
        result.secondaryOpinions.map((opinion) => opinion.model),
        ["grok", "openai", "claude"],
      );
      assert.ok(modelsAsked(before).includes(modelIds.claude));
      assert.ok((await usageOf(client)).spend.todayUsd > spent.spend.todayUsd, "the call was not charged");
    });
  }

  it("runs with fewer models when the person picks the cheaper choice: the dearest is never asked", async () => {
    const { client, questions } = await connect("v2-modern", {
      action: "accept",
      content: { choice: "fewer-models" },
    });
    const before = simulator.requests.length;
    const result = secondOpinionOf(
      await client.callTool("agent.second_opinion", { question: "Cheaper, please?" }),
    );
    assert.match(
      questions[0]?.message ?? "",
      /Or ask 3 models \(cerebras, grok, openai; cerebras writes the synthesis\), up to \$0\.1\d+\.$/,
    );
    assert.deepEqual(
      result.secondaryOpinions.map((opinion) => opinion.model),
      ["grok", "openai"],
    );
    assert.deepEqual(
      result.budget?.leftOut.map((left) => left.model),
      ["claude"],
    );
    assert.ok((result.budget?.estimatedCostUsd ?? 1) <= 0.25);
    assert.ok(!modelsAsked(before).includes(modelIds.claude), "the left-out model was asked");
  });

  it("says a person declined when one did: a dismissed question or a stop, answered after reading it", async () => {
    const cases = [
      ["v2-modern", { action: "cancel" }],
      ["v2-2025-11-25", { action: "accept", content: { choice: "stop" } }],
    ] as const;
    for (const [kind, answer] of cases) {
      const { client } = await connect(kind, async () => {
        await delay(automaticAnswerMs + 200);
        return answer;
      });
      const before = simulator.requests.length;
      const result = await client.callTool("agent.second_opinion", { question: "Stop?" });
      assert.match(
        errorTextOf(result),
        /^declined: You (dismissed the question|declined): no model was asked and nothing was charged\. To run it, call again with maxCostUsd/,
      );
      const meta = errorMetaOf(result);
      assert.deepEqual([meta?.code, meta?.action, meta?.answeredBy], ["declined", answer.action, "person"]);
      assert.equal(simulator.requests.length, before);
    }
  });

  it("runs nothing on an answer that names no offered choice, on both revisions", async () => {
    const malformed: ElicitationAnswer[] = [
      { action: "accept" },
      { action: "accept", content: {} },
      { action: "accept", content: { choice: "all-the-models" } },
      { action: "accept", content: { choice: 42 } as never },
      { action: "accept", content: JSON.parse('{"__proto__": {"choice": "go-on"}}') },
    ];
    for (const kind of ["v2-modern", "v1-2025-11-25"] as const) {
      for (const answer of malformed) {
        const { client, questions } = await connect(kind, answer);
        const before = simulator.requests.length;
        const result = await client.callTool("agent.second_opinion", { question: `Malformed, ${kind}?` });
        assert.equal(questions.length, 1);
        assert.match(errorTextOf(result), /^declined: /, `${kind}: ${JSON.stringify(answer)} ran the call`);
        assert.equal(
          simulator.requests.length,
          before,
          `${kind}: ${JSON.stringify(answer)} reached a provider`,
        );
      }
    }
  });

  it("takes a maxCostUsd as consent: no question, and the call runs within it", async () => {
    const { client, questions } = await connect("v2-modern", { action: "decline" });
    const result = secondOpinionOf(
      await client.callTool("agent.second_opinion", { question: "Consented?", maxCostUsd: 1 }),
    );
    assert.equal(questions.length, 0, "a call with a maxCostUsd was questioned");
    assert.equal(result.secondaryOpinions.length, 3);
    assert.ok((result.budget?.estimatedCostUsd ?? 2) <= 1);
  });

  it("does not ask a client without elicitation: the call runs as it always did", async () => {
    for (const kind of ["v2-modern", "v1-2025-11-25"] as const) {
      const { client } = await connect(kind, undefined);
      const result = secondOpinionOf(await client.callTool("agent.second_opinion", { question: "Unasked?" }));
      assert.equal(result.secondaryOpinions.length, 3);
    }
  });

  it("does not ask about a call estimated under the setting, maxCostUsd included", async () => {
    const { client, questions } = await connect("v2-modern", { action: "decline" });
    const alone = secondOpinionOf(
      await client.callTool("agent.second_opinion", { question: "Just one?", maxOpinions: 0 }),
    );
    assert.equal(alone.secondaryOpinions.length, 0);
    // The cap leaves the dearest model out, as it always does; what is left is under $0.25.
    const capped = secondOpinionOf(
      await client.callTool("agent.second_opinion", { question: "Capped?", maxCostUsd: 0.3 }),
    );
    assert.deepEqual(
      capped.budget?.leftOut.map((left) => left.model),
      ["claude"],
    );
    const sent = await client.callTool("conversation.send-message", { content: "One model?", model: "grok" });
    assert.notEqual(sent.isError, true);
    assert.equal(questions.length, 0, "a call under the setting was questioned");
  });

  it("asks before a call runs as a task, and starts no task when declined", async () => {
    const { CallToolResultSchema, CreateTaskResultSchema } = await import(
      "@modelcontextprotocol/sdk/types.js"
    );
    const call = (client: TestClient, question: string, schema: unknown) =>
      client.raw.request(
        {
          method: "tools/call",
          params: { name: "agent.second_opinion", arguments: { question }, task: { ttl: 60_000 } },
        },
        schema,
      );
    const declining = await connect("v1-2025-11-25", { action: "decline" });
    const before = simulator.requests.length;
    const refused = await call(declining.client, "As a task?", CallToolResultSchema);
    assert.match(errorTextOf(refused), /^declined:/);
    assert.equal(declining.questions.length, 1);
    assert.deepEqual((await declining.client.raw.experimental.tasks.listTasks()).tasks, []);
    assert.equal(simulator.requests.length, before);

    const accepting = await connect("v1-2025-11-25", {
      action: "accept",
      content: { choice: "fewer-models" },
    });
    const created = await call(accepting.client, "As a cheaper task?", CreateTaskResultSchema);
    assert.equal(accepting.questions.length, 1);
    const result = await accepting.client.raw.experimental.tasks.getTaskResult(
      created.task.taskId,
      CallToolResultSchema,
    );
    assert.deepEqual(
      secondOpinionOf(result).secondaryOpinions.map((opinion) => opinion.model),
      ["grok", "openai"],
    );
  });

  it("asks over stdio too, on 2026-07-28 and 2025-11-25", async () => {
    for (const kind of ["v2-modern", "v1-2025-11-25"] as const) {
      const { client, questions } = await connect(
        kind,
        { action: "decline" },
        { transport: "stdio", environment },
      );
      const before = simulator.requests.length;
      const result = await client.callTool("agent.second_opinion", { question: `Over stdio, ${kind}?` });
      assert.match(errorTextOf(result), /^declined:/);
      assert.equal(questions.length, 1);
      assert.equal(simulator.requests.length, before);
    }
  });
});

describe("the question's setting", () => {
  let simulator: ProviderSimulator;
  const servers: InProcessServer[] = [];
  const clients: TestClient[] = [];
  before(async () => {
    simulator = await startProviderSimulator();
  });
  after(async () => {
    for (const client of clients) await client.close().catch(() => {});
    for (const server of servers) await server.stop();
    await simulator?.close();
  });
  const start = async (confirmAbove: string) => {
    const { environment } = await serverEnvironment(simulator.url);
    const server = await startHttpServerInProcess({
      ...environment,
      AI_UNIVERSE_CONFIRM_ABOVE_USD: confirmAbove,
    });
    servers.push(server);
    const questions: Elicitation[] = [];
    const client = await connectClient(
      "v2-modern",
      { transport: "http", url: server.url },
      {
        answer: (question) => {
          questions.push(question);
          return { action: "decline" };
        },
      },
    );
    clients.push(client);
    return { client, questions };
  };

  it("never asks when it is off", async () => {
    const { client, questions } = await start("off");
    secondOpinionOf(await client.callTool("agent.second_opinion", { question: "Off?" }));
    assert.equal(questions.length, 0);
  });

  it("asks about a one-model message above a lower setting, with no cheaper choice", async () => {
    const { client, questions } = await start("0.001");
    const before = simulator.requests.length;
    const result = await client.callTool("conversation.send-message", { content: "Dear?", model: "grok" });
    assert.match(errorTextOf(result), /^declined:/);
    assert.match(questions[0]?.message ?? "", /^This will ask 1 model \(grok\) and may cost up to \$0\.0\d+/);
    assert.deepEqual(questions[0]?.requestedSchema.properties.choice?.enum, ["go-on", "stop"]);
    assert.equal(simulator.requests.length, before);
  });
});
