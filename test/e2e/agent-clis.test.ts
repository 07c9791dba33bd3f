// The real agent CLIs from npm (Claude Code, Codex, Gemini CLI, at the versions package.json pins), run
// headless as a user would, each configured with the README's snippet for it (support/agent-clis/) and
// its own model pointed at a scripted agent model on this machine, which makes it call agent_second_opinion
// once and records the text the CLI gives its model as the result (support/agent-model/). The server is
// started as the snippet says, `npx -y ai-universe mcp` finding the package packed from this checkout
// (support/npx-package.ts), its providers pointed at the simulator. What a user's agent must get: the tool,
// the synthesis and verdict first, each opinion once, a long council whole (sizes in the diagnostics), and,
// headless, a question before a costly call that the CLI answers itself, with no model asked and a way on.

import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import {
  type AgentCli,
  type AgentRun,
  describeRun,
  runAgentCli,
  serverVariablesOf,
  versionOf,
} from "./support/agent-clis/agent-cli.ts";
import { claudeCode } from "./support/agent-clis/claude-code.ts";
import { codex } from "./support/agent-clis/codex.ts";
import { geminiCli } from "./support/agent-clis/gemini-cli.ts";
import { snippets } from "./support/client-snippets.ts";
import { useSimulatorEnvironment } from "./support/e2e-fixture.ts";
import { pathWithThisNode } from "./support/installed-package.ts";
import { councilSynthesis, defaultPanel, longAnswer, scriptLongCouncil } from "./support/long-council.ts";
import { npxFindingThisPackage } from "./support/npx-package.ts";
import { describeReport, reportOf } from "./support/tool-result-report.ts";

/** A four-model council (the default panel), reviewed and debated, within a cost its caller consents to. */
const councilQuestion = {
  question: "SQLite or PostgreSQL for a single-node service?",
  review: true,
  rounds: 2,
  maxCostUsd: 10,
};

describe("the agent CLIs from npm, headless, with the README's snippets", () => {
  const context = useSimulatorEnvironment();
  /** What the tests give the server beside the snippet's `env`: the simulator, a store, npx's package. */
  const added: Record<string, string> = {};

  before(async () => {
    const server = Object.entries(context.environment).filter(([name]) => name !== "PATH" && name !== "HOME");
    Object.assign(added, Object.fromEntries(server), await npxFindingThisPackage());
    scriptLongCouncil(context.simulator);
  });

  const run = (cli: AgentCli, toolArguments: Record<string, unknown>, more: Record<string, string> = {}) => {
    const snippet = snippets().find((found) => found.page === "README.md" && found.client === cli.name);
    if (!snippet) throw new Error(`README.md has no ${cli.name} snippet to run.`);
    return runAgentCli(cli, {
      snippet,
      serverVariables: serverVariablesOf(snippet, { ...added, ...more }),
      toolArguments,
      environment: { PATH: pathWithThisNode() },
    });
  };

  for (const cli of [claudeCode, codex, geminiCli]) {
    describe(cli.name, () => {
      let council: Promise<AgentRun> | undefined;
      const councilRun = () => {
        council ??= run(cli, councilQuestion);
        return council;
      };

      it(`runs here (${cli.packageName}@${cli.version})`, async () => {
        assert.match(await versionOf(cli, { PATH: pathWithThisNode() }), new RegExp(`\\b${cli.version}\\b`));
      });

      it("runs its README snippet as written: the call goes through", async (t) => {
        const done = await run(cli, { question: `Hello from ${cli.name}`, maxOpinions: 1 });
        t.diagnostic(describeRun(done));
        assert.ok(received(done).includes(councilSynthesis.synthesis), describeRun(done));
      });

      it("offers our tool to its model, which calls it", async (t) => {
        const done = await councilRun();
        t.diagnostic(describeRun(done));
        assert.ok(
          done.offered.includes(cli.toolName),
          `${cli.toolName} was not offered; the model got ${done.offered.join(", ") || "no tools"}. ${cli.whenNotOffered} ${describeRun(done)}`,
        );
        assert.equal(done.called, cli.toolName, describeRun(done));
        received(done);
      });

      it("gives its model the synthesis and the verdict within the first 2,000 characters", async () => {
        const report = reportOf(received(await councilRun()), councilSynthesis);
        const line = describeReport(cli.name, report);
        assert.ok(report.synthesisAt >= 0 && report.synthesisAt < 2_000, line);
        assert.ok(report.verdictAt >= 0 && report.verdictAt < 2_000, line);
      });

      it("gives its model no opinion twice", async () => {
        const text = received(await councilRun());
        for (const name of defaultPanel) {
          for (const answer of [longAnswer(name), longAnswer(`${name} revised`)]) {
            const times = text.split(answer).length - 1;
            assert.ok(times <= 1, `${answer.slice(0, 40)}... is there ${times} times`);
          }
        }
      });

      it("gives its model a four-model council of 3,000-character answers whole", async (t) => {
        const text = received(await councilRun());
        const report = reportOf(text, councilSynthesis);
        t.diagnostic(describeReport(cli.name, report));
        assert.equal(report.cut, undefined, describeReport(cli.name, report));
        assert.notEqual(report.json, "broken", describeReport(cli.name, report));
        for (const name of defaultPanel) {
          // Gemini CLI passes the text block, which names each model with its usage (the opinions are a
          // conversation_get_history away); the others pass the structured result, each opinion in full.
          const part = cli === geminiCli ? `- ${name} (` : longAnswer(name);
          assert.ok(
            text.includes(part),
            `${name}'s opinion is not there whole: ${describeReport(cli.name, report)}`,
          );
        }
      });

      if (cli === geminiCli) {
        it("asks no question before a costly call (it declares no elicitation): the call runs", async () => {
          const before = context.simulator.requests.length;
          const done = await run(cli, { question: "Is a costly council worth it?" }, costQuestionDue);
          assert.ok(received(done).includes(councilSynthesis.synthesis), describeRun(done));
          assert.ok(context.simulator.requests.length > before, "no model was asked");
        });
      } else {
        it("answers the question before a costly call itself: no model asked, and maxCostUsd named as the way on", async () => {
          const before = context.simulator.requests.length;
          const done = await run(cli, { question: "Is a costly council worth it?" }, costQuestionDue);
          const text = received(done);
          assert.doesNotMatch(text, /You declined|You dismissed/);
          assert.match(text, /maxCostUsd/);
          assert.equal(context.simulator.requests.length - before, 0, "a model was asked");
        });
      }
    });
  }
});

/** The server's setting under which every call that asks a model is due a question. */
const costQuestionDue = { AI_UNIVERSE_CONFIRM_ABOVE_USD: "0.000001" };

/** The tool result the model received; fails the test, saying what the run did, when none came back. */
function received(done: AgentRun): string {
  if (done.toolResult === undefined) {
    throw new Error(
      `${done.called ? `${done.called} was called, but no result reached the model` : "the tool was never called"}. ${describeRun(done)}`,
    );
  }
  return done.toolResult;
}
