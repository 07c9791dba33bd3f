// The real agent CLIs from npm (node_modules/.bin) as panel models, with no provider key at all: each is
// signed in through its own files pointed at the provider simulator (support/agent-clis/signed-in-home.ts).
// `ai-universe ask --models codex,claude-code,gemini-cli --review` gets a reviewed council of the three
// with a synthesis and its assessment (the simulated models answer a prompt naming a JSON schema with
// JSON fitting it, support/agent-clis/prompted-json.ts),
// each opinion's answer, tokens and latency; `--workspace DIR` runs them in that folder (and a path that
// is no readable folder is refused before any call); Ctrl-C in the middle leaves no CLI process behind.

import assert from "node:assert/strict";
import { realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { temporaryDirectory } from "../support/temporary-directory.ts";
import { processesWithHome } from "./support/agent-clis/cli-processes.ts";
import { promptedJson } from "./support/agent-clis/prompted-json.ts";
import { signedInHome } from "./support/agent-clis/signed-in-home.ts";
import { runCli, startCli } from "./support/cli-process.ts";
import { checkout, pathWithThisNode } from "./support/installed-package.ts";

const panel = ["codex", "claude-code", "gemini-cli"];

describe("the agent CLIs from npm on a panel, with no provider key", () => {
  let simulator: ProviderSimulator;
  before(async () => {
    simulator = await startProviderSimulator();
    simulator.setDefaultBehaviour(promptedJson());
  });
  after(() => simulator.close());

  /** The environment of a run: a home where the CLIs are signed in, the CLIs on PATH, no key. */
  const environmentOf = (home: string) => ({
    PATH: `${join(checkout, "node_modules/.bin")}:${pathWithThisNode()}`,
    HOME: home,
    DATABASE_URL: join(temporaryDirectory("agent-cli-store"), "conversations.db"),
    GEMINI_CLI_NO_RELAUNCH: "true",
  });

  it("answers with a reviewed council of the three and a synthesis with its assessment, each opinion with its answer, tokens and latency", async (t) => {
    const question = "SQLite or PostgreSQL for a single-node service?";
    const run = await runCli(environmentOf(signedInHome(simulator.url)), [
      "ask",
      question,
      "--primary",
      "codex",
      "--models",
      "claude-code,gemini-cli",
      "--review",
      "--json",
    ]);
    t.diagnostic(run.stderr.slice(-2000));
    assert.equal(run.status, 0, run.stderr);
    const result = JSON.parse(run.stdout) as {
      primary: Opinion;
      secondaryOpinions: Opinion[];
      synthesis: { response: string; assessment?: Assessment; assessmentError?: string };
      review?: { ranking: { model: string }[]; reviews: { reviewer: string; error?: string }[] };
    };
    const opinions = [result.primary, ...result.secondaryOpinions];
    assert.deepEqual(opinions.map((opinion) => opinion.model).sort(), [...panel].sort());
    for (const opinion of opinions) {
      assert.equal(opinion.error, undefined, `${opinion.model}: ${opinion.response}`);
      assert.match(opinion.response, /^Answer from /, opinion.model);
      assert.ok((opinion.tokensUsed ?? 0) > 0, `${opinion.model} reported no tokens`);
      assert.ok(opinion.latencyMs > 0);
      assert.equal(opinion.cost, undefined, "a subscription pays; no price is made up");
      assert.equal(opinion.billing, "subscription");
    }
    assert.ok(result.synthesis.response.length > 0);
    const assessment = result.synthesis.assessment;
    assert.ok(assessment, `no assessment: ${result.synthesis.assessmentError}`);
    assert.ok(assessment.agreement.score >= 0 && assessment.agreement.score <= 1);
    assert.match(assessment.verdict?.decision ?? "", /^(go|block|unsure)$/);
    const review = result.review;
    assert.ok(review, "no review round");
    assert.deepEqual(review.reviews.map((one) => one.reviewer).sort(), [...panel].sort());
    for (const one of review.reviews) assert.equal(one.error, undefined, `${one.reviewer}: ${one.error}`);
    assert.deepEqual(review.ranking.map((entry) => entry.model).sort(), [...panel].sort());
    const vendors = new Set(simulator.requests.map((request) => request.provider));
    for (const vendor of ["openai", "anthropic", "google"])
      assert.ok(vendors.has(vendor as never), `no ${vendor} request`);
  });

  it("makes the default panel of the CLIs signed in when no key is set and no model is named", async () => {
    const run = await runCli(environmentOf(signedInHome(simulator.url)), [
      "ask",
      "Is a council of agent CLIs a real council?",
      "--json",
    ]);
    assert.equal(run.status, 0, run.stderr);
    const result = JSON.parse(run.stdout) as {
      primary: Opinion;
      secondaryOpinions: Opinion[];
      synthesis: { response: string; error?: boolean };
    };
    const models = [result.primary, ...result.secondaryOpinions].map((opinion) => opinion.model);
    assert.ok(models.length >= 2, `a council, not one model: ${models}`);
    for (const model of models) assert.ok(panel.includes(model), `${model} is no signed-in CLI`);
    assert.equal(result.synthesis.error, undefined, result.synthesis.response);
    assert.ok(result.synthesis.response.length > 0);
  });

  it("runs the CLIs in the folder of --workspace, and refuses one that is no readable folder before any call", async () => {
    const workspace = temporaryDirectory("agent-cli-workspace");
    writeFileSync(join(workspace, "notes.txt"), "a file, not a folder\n");
    const environment = environmentOf(signedInHome(simulator.url));
    const from = simulator.requests.length;
    const run = await runCli(environment, [
      "ask",
      "What does this project do?",
      "--primary",
      "claude-code",
      "--max-opinions",
      "0",
      "--workspace",
      workspace,
      "--json",
    ]);
    assert.equal(run.status, 0, run.stderr);
    const asked = simulator.requests.slice(from).filter((request) => request.provider === "anthropic");
    assert.ok(
      asked.some((request) => JSON.stringify(request.body).includes(realpathSync(workspace))),
      "Claude Code was not told it works in the workspace",
    );
    const refusals: [string, RegExp][] = [
      [join(workspace, "absent"), /Cannot read --workspace .*absent: ENOENT\. Give a folder that exists/],
      [join(workspace, "notes.txt"), /--workspace .*notes\.txt is a file, not a folder\./],
    ];
    const before = simulator.requests.length;
    for (const [folder, message] of refusals) {
      const refused = await runCli(environment, ["ask", "Which?", "--workspace", folder]);
      assert.equal(refused.status, 2, refused.stderr);
      assert.match(refused.stderr, message);
    }
    assert.equal(simulator.requests.length, before, "a model was called");
  });

  it("leaves no CLI process behind when Ctrl-C stops the call", async () => {
    simulator.setDefaultBehaviour({ hang: true });
    const home = signedInHome(simulator.url);
    const before = simulator.requests.length;
    const asked = startCli(
      ["ask", "Is this going to hang?", "--models", panel.join(",")],
      environmentOf(home),
    );
    asked.child.stdin.end();
    await simulator.waitForRequests((requests) => requests.length >= before + 3, 120_000);
    assert.ok(
      processesWithHome(home).some((line) => /claude|codex|gemini/.test(line)),
      "no CLI process was running",
    );
    asked.child.kill("SIGINT");
    await asked.exited;
    simulator.reset();
    simulator.setDefaultBehaviour(promptedJson());
    assert.deepEqual(processesWithHome(home), [], "CLI processes outlived the call");
  });
});

interface Assessment {
  agreement: { score: number };
  verdict?: { decision: string };
}

interface Opinion {
  model: string;
  response: string;
  tokensUsed?: number;
  latencyMs: number;
  cost?: number;
  billing?: string;
  error?: boolean;
}
