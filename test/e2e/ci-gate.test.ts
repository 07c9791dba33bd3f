// docs/ci-gate.md run as CI runs it: its GitHub Actions step (extracted from the workflow in the doc,
// run as GitHub runs a step: bash -eo pipefail, no TTY, keys from the environment) and its pre-commit
// hook (installed as written, run by `git commit`), in a temporary git repository with a change, with
// `npx -y ai-universe` finding this checkout's package and the providers pointed at the simulator. A
// BLOCK fails the step and stops the commit; a GO passes both; an UNSURE is exit 2.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { before, describe, it } from "node:test";
import { temporaryDirectory } from "../support/temporary-directory.ts";
import { runBounded } from "./support/agent-clis/bounded-process.ts";
import { councilScript, councilVerdict } from "./support/council-script.ts";
import { useSimulatorEnvironment } from "./support/e2e-fixture.ts";
import { pathWithThisNode } from "./support/installed-package.ts";
import { npxFindingThisPackage } from "./support/npx-package.ts";

const page = readFileSync(new URL("../../docs/ci-gate.md", import.meta.url), "utf8");

/** The fenced blocks of the page in `language`. */
const blocks = (language: string) =>
  [...page.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\`$`, "gm"))].map(
    (match) => match[1] ?? "",
  );

/** The workflow's step that runs a command: its `run:` script and the names its `env:` sets. */
function workflowStep(): { script: string; variables: string[] } {
  const [workflow] = blocks("yaml");
  assert.ok(workflow, "the page has a workflow");
  const lines = workflow.split("\n");
  const start = lines.findIndex((line) => /^\s+run: \|$/.test(line));
  assert.ok(start > 0, "the workflow has a run step");
  const indent = (lines[start]?.match(/^\s*/)?.[0].length ?? 0) + 2;
  const body = lines.slice(start + 1);
  const end = body.findIndex((line) => line.trim() !== "" && line.search(/\S/) < indent);
  const script = (end < 0 ? body : body.slice(0, end)).map((line) => line.slice(indent)).join("\n");
  const variables = [...workflow.matchAll(/^\s+([A-Z_]+): \$\{\{/gm)].map((match) => match[1] ?? "");
  return { script, variables };
}

/**
 * A process's exit code and output, as CI runs it: stdin, stdout and stderr are pipes (no TTY), and the
 * whole process group is killed if it outlives two minutes.
 */
async function run(command: string, args: string[], directory: string, environment: Record<string, string>) {
  return await runBounded(command, command, { args, environment }, directory, 120_000);
}

/** A new repository with one commit and a second change, staged; returns it and the first commit. */
function repository(environment: Record<string, string>): { directory: string; base: string } {
  const directory = temporaryDirectory("gate-repo");
  const git = (...args: string[]) => {
    const done = spawnSync("git", args, { cwd: directory, env: environment, encoding: "utf8" });
    assert.equal(done.status, 0, done.stderr);
    return done.stdout.trim();
  };
  git("init", "-q");
  git("config", "user.email", "ci@example.com");
  git("config", "user.name", "CI");
  writeFileSync(join(directory, "schema.sql"), "create table users (id integer, email text);\n");
  git("add", ".");
  git("commit", "-qm", "base");
  const base = git("rev-parse", "HEAD");
  writeFileSync(join(directory, "schema.sql"), "create table users (id integer);\n");
  git("add", ".");
  return { directory, base };
}

/** The synthesis's assessment with `decision` as the verdict. */
const verdictOf = (decision: "go" | "block" | "unsure") => ({
  ...councilVerdict,
  verdict: { ...councilVerdict.verdict, decision, reason: `the panel says ${decision}` },
});

describe("the CI gate of docs/ci-gate.md, run as CI runs it", () => {
  const context = useSimulatorEnvironment({ maxRetries: 0 });
  const environment: Record<string, string> = {};

  before(async () => {
    Object.assign(environment, context.environment, await npxFindingThisPackage(), {
      PATH: pathWithThisNode(),
      GIT_CONFIG_NOSYSTEM: "1",
    });
  });

  const answering = (decision: "go" | "block" | "unsure") => {
    context.simulator.reset();
    context.simulator.setDefaultBehaviour({ text: councilScript({ assessment: verdictOf(decision) }) });
  };

  it("names in the workflow's step the keys the product reads", () => {
    const { variables } = workflowStep();
    for (const name of variables.filter((variable) => variable.endsWith("_API_KEY"))) {
      assert.ok(name in context.environment, `${name} is a key the product reads`);
    }
  });

  for (const [decision, expected] of [
    ["block", 1],
    ["go", 0],
    ["unsure", 2],
  ] as const) {
    it(`fails the GitHub Actions step unless GO: ${decision} exits ${expected}`, async () => {
      answering(decision);
      const { directory, base } = repository(environment);
      spawnSync("git", ["commit", "-qm", "change"], { cwd: directory, env: environment });
      const scriptPath = join(directory, "..", `step-${decision}.sh`);
      writeFileSync(scriptPath, workflowStep().script);
      const step = await run("bash", ["--noprofile", "--norc", "-eo", "pipefail", scriptPath], directory, {
        ...environment,
        BASE_SHA: base,
      });
      assert.equal(step.status, expected, `${step.stdout}\n${step.stderr}`);
      assert.match(
        step.stdout,
        new RegExp(
          `^ai-universe gate: ${decision.toUpperCase()} \\(exit ${expected}\\)\\nWhy: the panel says ${decision}`,
        ),
      );
      assert.match(step.stdout, /^Conversation: \S+/m);
      assert.ok(!(step.stdout + step.stderr).includes("\u001b["), "no colours or cursor moves in a CI log");
      const asked = JSON.stringify(context.simulator.requests.at(0)?.body);
      assert.match(asked, /create table users \(id integer\);/, "the diff went as context");
    });
  }

  it("stops a commit the council blocks with the pre-commit hook, and lets a GO through", async () => {
    const [hook] = blocks("sh");
    assert.ok(hook, "the page has a hook");
    const commits = (directory: string) =>
      spawnSync("git", ["rev-list", "--count", "HEAD"], {
        cwd: directory,
        env: environment,
        encoding: "utf8",
      }).stdout.trim();
    for (const [decision, committed] of [
      ["block", false],
      ["go", true],
    ] as const) {
      answering(decision);
      const { directory } = repository(environment);
      writeFileSync(join(directory, ".git/hooks/pre-commit"), hook);
      chmodSync(join(directory, ".git/hooks/pre-commit"), 0o755);
      const commit = await run("git", ["commit", "-qm", "change"], directory, environment);
      assert.equal(commit.status === 0, committed, `${decision}: ${commit.stdout}\n${commit.stderr}`);
      assert.equal(commits(directory), committed ? "2" : "1");
      // git passes a hook's output to its stderr.
      assert.match(commit.stderr, new RegExp(`ai-universe gate: ${decision.toUpperCase()}`));
      if (!committed) assert.match(commit.stderr, /the council did not say GO \(exit 1\)/);
    }
  });
});
