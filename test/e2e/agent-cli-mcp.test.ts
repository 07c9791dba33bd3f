// The real agent CLIs from npm (node_modules/.bin) as the whole panel of `agent_second_opinion`, over
// stdio with the SDK v1 client on a 2025 revision and the v2 client on the newest, with no provider key:
// the result (checked against the seed schema and the contract) holds each CLI's opinion, tokens and a
// synthesis with its assessment; a call the client aborts leaves no CLI process behind.

import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { setTimeout as delay } from "node:timers/promises";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { temporaryDirectory } from "../support/temporary-directory.ts";
import { holdsAgentCli, processesWithHome } from "./support/agent-clis/cli-processes.ts";
import { promptedJson } from "./support/agent-clis/prompted-json.ts";
import { signedInHome } from "./support/agent-clis/signed-in-home.ts";
import { secondOpinionOf } from "./support/e2e-fixture.ts";
import { checkout, pathWithThisNode } from "./support/installed-package.ts";
import { connectClient, type TestClient } from "./support/mcp-clients.ts";

const panel = { primaryModel: "codex", secondaryModels: ["claude-code", "gemini-cli"] };

describe("agent_second_opinion with a panel of agent CLIs only, over MCP, with no provider key", () => {
  let simulator: ProviderSimulator;
  before(async () => {
    simulator = await startProviderSimulator();
    simulator.setDefaultBehaviour(promptedJson());
  });
  after(() => simulator.close());

  /** A client of `kind` of a stdio server whose CLIs are signed in through `home`, with no key. */
  const connect = (kind: "v1-2025-11-25" | "v2-modern", home: string) =>
    connectClient(kind, {
      transport: "stdio",
      environment: {
        PATH: `${join(checkout, "node_modules/.bin")}:${pathWithThisNode()}`,
        HOME: home,
        DATABASE_URL: join(temporaryDirectory("agent-cli-mcp"), "conversations.db"),
        GEMINI_CLI_NO_RELAUNCH: "true",
      },
    });

  for (const kind of ["v1-2025-11-25", "v2-modern"] as const) {
    describe(kind, () => {
      const home = temporaryDirectory("agent-cli-home");
      let client: TestClient;
      before(async () => {
        client = await connect(kind, signedInHome(simulator.url, home));
      });
      after(() => client?.close());

      it("answers with each CLI's opinion and tokens and a synthesis with its assessment", async () => {
        const called = await client.callTool("agent.second_opinion", {
          question: "SQLite or PostgreSQL for a single-node service?",
          ...panel,
        });
        const result = secondOpinionOf(called);
        const opinions = [result.primary, ...result.secondaryOpinions];
        assert.deepEqual(opinions.map((opinion) => opinion.model).sort(), [
          "claude-code",
          "codex",
          "gemini-cli",
        ]);
        for (const opinion of opinions) {
          assert.equal(opinion.error, undefined, `${opinion.model}: ${opinion.response}`);
          assert.ok((opinion.tokensUsed ?? 0) > 0, `${opinion.model} reported no tokens`);
        }
        assert.ok(result.synthesis?.assessment, `no assessment: ${result.synthesis?.assessmentError}`);
      });

      it("leaves no CLI process behind when the client aborts the call", async () => {
        simulator.setDefaultBehaviour({ hang: true });
        const before = simulator.requests.length;
        const controller = new AbortController();
        const call = client.callTool(
          "agent.second_opinion",
          { question: "Is this going to hang?", ...panel },
          { signal: controller.signal },
        );
        try {
          await simulator.waitForRequests((requests) => requests.length >= before + 3, 120_000);
          assert.ok(holdsAgentCli(processesWithHome(home)), "no CLI process was running");
          controller.abort();
          await assert.rejects(call);
          await simulator.waitForRequests((requests) =>
            requests.slice(before).every((request) => request.aborted),
          );
          assert.deepEqual(await processesLeft(home), [], "CLI processes outlived the call");
        } finally {
          simulator.setDefaultBehaviour(promptedJson());
        }
      });
    });
  }
});

/** The CLI processes still running under `home`, looked at until there are none, for at most 10 s. */
async function processesLeft(home: string): Promise<string[]> {
  for (let look = 0; look < 100; look += 1) {
    if (!holdsAgentCli(processesWithHome(home))) return [];
    await delay(100);
  }
  return processesWithHome(home);
}
