// A caller with a fixed time limit gets its answer in time: the SDK v1 client with its default
// options (a 60 s timeout that progress does not reset, no progress token) and a 70 s model, and the
// Inspector CLI, which sends no progress token; and a client known by name to give up at a fixed time
// (the config file's clientTimeLimits), whose name the server reads at initialize or, on 2026-07-28, from
// each request, progress or not. The answer names the model still running; its opinion then appears in
// the conversation's history.

import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { startProviderSimulator } from "../simulator/provider-simulator.ts";
import { simulateTime } from "../support/simulated-time.ts";
import { historyOf, modelIds, secondOpinionOf, useEndToEnd } from "./support/e2e-fixture.ts";
import { startHttpServerInProcess } from "./support/http-server-in-process.ts";
import { connectClient, type ToolResult } from "./support/mcp-clients.ts";
import { serverEnvironment } from "./support/server-environment.ts";

const inspector = fileURLToPath(new URL("../../node_modules/.bin/mcp-inspector", import.meta.url));
const run = promisify(execFile);

describe("answer-by time for clients that give up at 60 s", () => {
  // Deadlines long enough for the 70 s model (the suite's servers use 5 s).
  const context = useEndToEnd({ modelDeadlineMs: 120_000 }, "v1-2025-06-18");

  it("answers a default SDK v1 call before 60 s naming the 70 s model, whose opinion joins the history", async () => {
    context.simulator.setBehaviour(modelIds.grok, { latencyMs: 70_000, text: "GROK-TOOK-ITS-TIME" });
    // The client exactly as it comes: no timeout option, no progress handler.
    const raw = context.client.raw as {
      callTool(request: { name: string; arguments: Record<string, unknown> }): Promise<ToolResult>;
    };
    // From here the model's 70 s, the server's answer-by time and the client's 60 s timeout run on
    // simulated time (the server is in this process).
    const time = simulateTime();
    try {
      const answer = await time.until(
        raw.callTool({
          name: "agent_second_opinion",
          arguments: {
            question: "Is 70 seconds too long?",
            primaryModel: "claude",
            secondaryModels: ["gemini", "grok"],
          },
        }),
        120_000,
      );
      // Before the client's own 60 s timeout (on the same clock), which would have failed the call.
      assert.ok(time.now() < 60_000, `the answer took ${time.now()} ms`);
      const result = secondOpinionOf(answer);
      assert.deepEqual(result.pendingModels, ["grok"]);
      assert.equal(result.secondaryOpinions.find((opinion) => opinion.model === "grok")?.pending, true);
      assert.match(result.summary.note ?? "", /did not hear from grok/);

      const grokAnswered = () =>
        context.simulator.requests.some(
          (request) => request.model === modelIds.grok && request.finishedAt !== undefined,
        );
      await time.advanceUntil(grokAnswered, 40_000);
      let grok: { response: string; late?: boolean } | undefined;
      for (let attempt = 0; attempt < 50 && !grok?.late; attempt++) {
        const history = historyOf(
          await context.client.callTool("conversation_get_history", {
            conversationId: result.conversationId,
          }),
        );
        const stored = history.messages[1]?.metadata.secondOpinion as typeof result | undefined;
        grok = stored?.secondaryOpinions.find((opinion) => opinion.model === "grok");
        if (!grok?.late) await time.settle();
      }
      assert.equal(grok?.late, true);
      assert.match(grok?.response ?? "", /GROK-TOOK-ITS-TIME/);
    } finally {
      time.restore();
    }
  });
});

describe("answer-by time for a caller that sends no progress token", () => {
  // The server's own answer-by time, shortened so the test waits seconds, not a minute.
  const context = useEndToEnd({ modelDeadlineMs: 60_000, answerWithinMs: 5000 });

  it("answers the Inspector CLI's call by then, naming the slow model", async () => {
    context.simulator.setBehaviour(modelIds.gemini, { latencyMs: 30_000 });
    const { stdout } = await run(
      inspector,
      [
        "--cli",
        `${context.server.url}/mcp`,
        "--method",
        "tools/call",
        "--tool-name",
        "agent_second_opinion",
        "--tool-arg",
        "question=Slow or not?",
        "--tool-arg",
        "primaryModel=claude",
        "--tool-arg",
        'secondaryModels=["gemini","grok"]',
      ],
      { env: { PATH: process.env.PATH ?? "", HOME: context.environment.HOME ?? "" } },
    );
    const result = JSON.parse(stdout) as ToolResult;
    const structured = secondOpinionOf(result);
    assert.deepEqual(structured.pendingModels, ["gemini"]);
    // The degraded panel first, then what lands later.
    assert.match(
      result.content[0]?.text ?? "",
      /^\*\*Degraded:\*\* 1 of 3 models missing: gemini had not answered when the answer was due[^\n]*\n\n\*\*Partial:\*\* The synthesis did not hear from gemini/,
    );
  });
});

describe("answer-by time for a client known by name to give up at a fixed time", () => {
  const servers: { stop(): Promise<unknown> }[] = [];
  let url = "";
  let simulator: Awaited<ReturnType<typeof startProviderSimulator>>;
  before(async () => {
    simulator = await startProviderSimulator();
    const { environment } = await serverEnvironment(simulator.url, { modelDeadlineMs: 60_000 });
    // The test clients call themselves ai-universe-e2e: known here to give up at 15 s, so answered by 5.
    const configPath = environment.AI_UNIVERSE_CONFIG ?? "";
    const config = JSON.parse(readFileSync(configPath, "utf8"));
    writeFileSync(configPath, JSON.stringify({ ...config, clientTimeLimits: { "ai-universe-e2e": 15 } }));
    const server = await startHttpServerInProcess(environment);
    servers.push(server);
    url = server.url;
  });
  after(async () => {
    for (const server of servers) await server.stop();
    await simulator?.close();
  });

  for (const kind of ["v2-modern", "v2-2025-11-25"] as const) {
    it(`answers it before its limit though it takes progress (${kind}), naming the slow model`, async () => {
      simulator.setBehaviour(modelIds.gemini, { latencyMs: 30_000 });
      const client = await connectClient(kind, { transport: "http", url });
      try {
        let progressed = false;
        const result = secondOpinionOf(
          await client.callTool(
            "agent_second_opinion",
            {
              question: `Known by name? (${kind})`,
              primaryModel: "claude",
              secondaryModels: ["gemini", "grok"],
            },
            { onprogress: () => (progressed = true), timeout: 120_000 },
          ),
        );
        assert.ok(progressed, "the call took progress");
        assert.deepEqual(result.pendingModels, ["gemini"]);
      } finally {
        await client.close();
      }
    });
  }
});
