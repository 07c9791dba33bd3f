// `ai-universe models --panel` as a user runs it: before any eval run every pair of the default panel
// (claude, gemini, grok) is "families" with the prior; after a real `ai-universe eval` on the provider
// simulator in which claude and gemini err on the same questions, that pair shows its measured
// correlation, the questions and the run; `eval --panel NAME` still takes a panel's name.

import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { parseCommandLine } from "../../src/cli/command-line.ts";
import type { AnswerRequest } from "../simulator/behaviour.ts";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { runCli } from "./support/cli-process.ts";
import { modelIds } from "./support/e2e-fixture.ts";
import { runEval } from "./support/eval-run.ts";
import { serverEnvironment } from "./support/server-environment.ts";

const truth: Record<string, string> = { q1: "4", q2: "Paris", q3: "9", q4: "Tokyo", q5: "12", q6: "7" };
/** claude and gemini err on q1 and q2 together; grok on q3 alone. */
const wrongOn: Record<string, string[]> = {
  [modelIds.claude]: ["q1", "q2"],
  [modelIds.gemini]: ["q1", "q2"],
  [modelIds.grok]: ["q3"],
};

const answers = (model: string) => (request: AnswerRequest) => {
  const tag = /\[(q\d)\]/.exec(request.lastUserText)?.[1];
  if (request.structured)
    return JSON.stringify({ synthesis: "Answer: none", agreement: { score: 0.5, reason: "-" } });
  if (!tag) return "Answered.";
  return `Answer: ${wrongOn[model]?.includes(tag) ? "wrong" : truth[tag]}`;
};

describe("models --panel", () => {
  let simulator: ProviderSimulator;
  let environment: Record<string, string>;
  let directory: string;

  before(async () => {
    simulator = await startProviderSimulator();
    for (const model of Object.keys(wrongOn)) simulator.setBehaviour(model, { text: answers(model) });
    ({ environment, directory } = await serverEnvironment(simulator.url, {
      maxRetries: 0,
      primary: "claude",
      secondaries: ["gemini", "grok"],
      maxOpinions: 2,
    }));
  });
  after(async () => {
    await simulator?.close();
  });

  it("is a switch for models and a panel's name for eval", () => {
    const models = parseCommandLine(["models", "--panel"], {});
    assert.equal(models.name === "models" && models.options.panelPairs, true);
    const evaluation = parseCommandLine(["eval", "--panel", "fast"], {});
    assert.equal(evaluation.name === "eval" && evaluation.options.evaluation?.input.panel, "fast");
  });

  it("shows each pair from the families, then as measured by an eval run", async () => {
    const before = await runCli(environment, ["models", "--panel"]);
    assert.equal(before.status, 0, before.stderr);
    assert.match(before.stdout, /Default panel: 3 models ≈ 1\.7 independent votes \(from model families\)\./);
    assert.match(
      before.stdout,
      /claude · gemini +0\.40 +families \(the prior: no eval run measured this pair\)/,
    );

    const file = join(directory, "questions.jsonl");
    writeFileSync(
      file,
      Object.entries(truth)
        .map(([id, answer]) => JSON.stringify({ id, question: `[${id}] Question ${id}?`, answer }))
        .join("\n"),
    );
    const runId = (await runEval(environment, file)).run.id;

    const measured = await runCli(environment, ["models", "--panel"]);
    assert.equal(measured.status, 0, measured.stderr);
    // phi(claude, gemini) = 1; grok against either is below 0, counted as 0: 9 / (3 + 2·1) = 1.8.
    assert.match(measured.stdout, /Default panel: 3 models ≈ 1\.8 independent votes \(from 1 eval run\)\./);
    assert.match(
      measured.stdout,
      new RegExp(`claude · gemini +1\\.00 +measured over 6 questions in run ${runId}`),
    );
    assert.match(
      measured.stdout,
      new RegExp(`claude · grok +0\\.00 +measured over 6 questions in run ${runId}`),
    );
    const json = await runCli(environment, ["models", "--panel", "--format", "json"]);
    assert.deepEqual(JSON.parse(json.stdout).pairs[0], {
      models: ["claude", "gemini"],
      correlation: 1,
      source: "eval",
      questions: 6,
      runs: [runId],
    });
  });
});
