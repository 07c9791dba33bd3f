// The terminal client's `ask` against the provider simulator: in a real pseudo-terminal (util-linux
// `script`) with its spinner lines turning into ✓, each answer forming beneath its line, and the
// synthesis rendered in colour; a council (review, debate rounds, a stance) with its ranking, rounds and
// verdict, the Markdown the council wrote in bold and without its marks; NO_COLOR; `--json` as the exact seed-shaped result; attached files and diffs; Ctrl-C stopping
// every provider call, storing nothing and exiting 130. The conversation commands and chat:
// terminal-conversations.test.ts; doctor and --server mode: terminal-server.test.ts.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { assertMatchesSchema } from "../support/seed-schemas.ts";
import { temporaryDirectory } from "../support/temporary-directory.ts";
import { startCli } from "./support/cli-process.ts";
import { changedMind, councilText, markdownCouncilText } from "./support/council-script.ts";
import { modelIds } from "./support/e2e-fixture.ts";
import { serverEnvironment } from "./support/server-environment.ts";
import { colourCode, inTerminal, piped, screenOf, withoutEscapes } from "./support/terminal-capture.ts";

describe("the terminal client", () => {
  let simulator: ProviderSimulator;
  let environment: Record<string, string>;

  before(async () => {
    simulator = await startProviderSimulator();
    environment = (await serverEnvironment(simulator.url, { maxRetries: 0 })).environment;
  });
  after(async () => simulator?.close());

  it("shows each model's line turn from a spinner into ✓ and renders the synthesis in colour", async () => {
    simulator.setDefaultBehaviour({ latencyMs: 400 });
    try {
      const { status, output } = await inTerminal(environment, [
        "ask",
        "Which **queue** should we use?",
        "--models",
        "gemini,grok",
      ]);
      assert.equal(status, 0, output);
      assert.match(output, /[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/u, "no spinner frame was drawn");
      for (const model of ["cerebras \\(primary\\)", "gemini \\(secondary\\)", "grok \\(secondary\\)"]) {
        assert.match(
          output,
          new RegExp(`✓.{0,12}${model}.{0,12}\\d+\\.\\d s, \\d+ tokens, \\$0\\.\\d{4}`),
          model,
        );
      }
      assert.match(output, /Synthesis \(by cerebras\)/);
      assert.match(output, colourCode, "no colour on a terminal");
      const screen = await screenOf(output);
      const boardLines = screen.filter((line) => /^[✓✗⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] \S+ \((primary|secondary)\)/u.test(line));
      assert.deepEqual(
        boardLines.map((line) => line.slice(0, 1)),
        ["✓", "✓", "✓"],
        `one line per model, and no spinner line left on the screen:\n${screen.join("\n")}`,
      );
      assert.match(output, /3 of 3 models answered .* total cost \$0\.\d{4}/);
      assert.match(output, /follow up with --conversation [0-9a-f-]{36}/);
    } finally {
      simulator.setDefaultBehaviour({});
    }
  });

  it("shows a council: the review's ranking, who changed their mind in round 2, and the verdict", async () => {
    simulator.setDefaultBehaviour({ text: councilText });
    try {
      const council = [
        "ask",
        "SQLite or PostgreSQL for one node?",
        "--models",
        "gemini,grok",
        "--review",
        "--rounds",
        "2",
        "--stance",
        "grok=against",
      ];
      const { status, output } = await inTerminal(environment, council);
      assert.equal(status, 0, output);
      const shown = withoutEscapes(output);
      assert.match(shown, /✓ debate round 2: cerebras, gemini, grok revise/);
      for (const reviewer of ["cerebras", "gemini", "grok"])
        assert.match(shown, new RegExp(`✓ review by ${reviewer}`));
      assert.match(shown, /Agreement █{7}░{3} 67%: two of three models favour SQLite/);
      assert.match(shown, /Dissent:\s+• PostgreSQL pays off once replicas are planned \(grok\)/);
      assert.match(
        shown,
        /Verdict: BLOCK: the against side showed a real migration risk\s+cerebras GO · gemini GO · grok BLOCK/,
      );
      assert.match(shown, /✓ grok \(Grok [\d.]+ \(xAI\)\) .* · argued against/);
      assert.match(shown, /Council review\s+# +model +points +mean rank +reviews/);
      const places = [...shown.matchAll(/^ +[123] +(cerebras|gemini|grok) +[012] +\d\.\d\d +2\s*$/gm)];
      assert.deepEqual(places.map((place) => place[1]).sort(), ["cerebras", "gemini", "grok"], shown);
      assert.match(shown, /Debate \(2 rounds\)\s+Round 2:/);
      assert.match(shown, new RegExp(`→ grok changed its position: ${changedMind}`));
      assert.match(shown, /= cerebras kept its position: nothing new changed the facts/);
      const plain = await piped(environment, council);
      assert.equal(plain.status, 0, plain.stderr);
      assert.ok(!`${plain.stdout}${plain.stderr}`.includes("\x1b"), "an escape sequence in piped output");
      assert.match(plain.stdout, /^Verdict: BLOCK: /m);
      assert.match(plain.stdout, /^ +1 +(cerebras|gemini|grok) +\d/m);
      assert.match(plain.stdout, /grok changed its position/);
    } finally {
      simulator.setDefaultBehaviour({});
    }
  });

  it("shows the Markdown the council wrote in bold and colour, and plain with NO_COLOR, with no mark left", async () => {
    simulator.setDefaultBehaviour({ text: markdownCouncilText });
    try {
      const council = [
        "ask",
        "In Markdown, please?",
        "--models",
        "grok",
        "--rounds",
        "2",
        "--stance",
        "grok=against",
      ];
      const { status, output } = await inTerminal(environment, council);
      assert.equal(status, 0, output);
      for (const bold of ["two", "one writer", "against", "write load"])
        assert.ok(output.includes(`\x1b[1m${bold}\x1b[22m`), `${bold} is not bold:\n${output}`);
      const shown = withoutEscapes(output);
      assert.match(shown, /Agreement █{7}░{3} 67%: two of three favour SQLite/);
      assert.match(shown, /• WAL mode handles one writer/);
      assert.match(shown, /→ grok changed its position: the write load figures convinced me/);
      const plain = await inTerminal({ ...environment, NO_COLOR: "1" }, council);
      assert.equal(plain.status, 0, plain.output);
      assert.doesNotMatch(plain.output, colourCode);
      assert.match(plain.output, /Verdict: BLOCK: the against side showed a migration risk/);
      for (const text of [shown, plain.output]) {
        const council = text.slice(text.indexOf("Assessment"), text.indexOf("Debate ("));
        assert.doesNotMatch(council, /\*\*|##|`|javascript/, council);
      }
    } finally {
      simulator.setDefaultBehaviour({});
    }
  });

  it("shows each answer forming beneath its model's line before the final answer", async () => {
    // The slower models answer only once the primary's answer is on the screen.
    const release = simulator.hold([modelIds.gemini, modelIds.grok]);
    try {
      const { status, output } = await inTerminal(
        environment,
        ["ask", "How do otters sleep?", "--models", "gemini,grok"],
        async ({ shows }) => {
          try {
            await shows(/^ {4}Answer from gpt-oss-120b: How do otters sleep\?/m);
          } finally {
            release();
          }
        },
      );
      assert.equal(status, 0, output);
      const shown = withoutEscapes(output);
      const forming = shown.search(/^ {4}Answer from gpt-oss-120b: How do otters sleep\?/m);
      const slowFinished = shown.search(/✓ grok \(secondary\)/);
      assert.ok(forming >= 0 && slowFinished >= 0, shown);
      assert.ok(forming < slowFinished, "the primary's text appeared only after the slower models finished");
      assert.ok(forming < shown.indexOf("Synthesis (by cerebras)"));
    } finally {
      release();
    }
  });

  it("draws no colour with NO_COLOR, and no spinner when not on a terminal", async () => {
    const { status, output } = await inTerminal({ ...environment, NO_COLOR: "1" }, [
      "ask",
      "Plain, please?",
      "--max-opinions",
      "1",
    ]);
    assert.equal(status, 0, output);
    assert.doesNotMatch(output, colourCode);
    // Plain lines: no spinner frame, no cursor moved up, no line erased.
    assert.doesNotMatch(output, /[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/u);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: escape sequences are what is checked
    assert.doesNotMatch(output, /\x1b\[\d*[ABJK]/);
    assert.match(withoutEscapes(output), /^✓ cerebras \(primary\) /m);
    const plain = await piped(environment, ["ask", "Piped?", "--max-opinions", "1"]);
    assert.equal(plain.status, 0, plain.stderr);
    assert.ok(
      !`${plain.stdout}${plain.stderr}`.includes("\x1b["),
      "an escape sequence when not on a terminal",
    );
    assert.match(plain.stderr, /^✓ cerebras \(primary\) /m);
    assert.match(plain.stdout, /^Synthesis \(by cerebras\)/);
  });

  it("prints the exact seed-shaped result with --json and nothing else, reading the question from stdin", async () => {
    const run = await piped(environment, ["ask", "--json", "--max-opinions", "1"], "A question on stdin?");
    assert.equal(run.status, 0, run.stderr);
    const result = JSON.parse(run.stdout) as { primary: { response: string } };
    assertMatchesSchema("secondOpinion", result);
    assert.match(result.primary.response, /A question on stdin\?/);
    const withContext = await piped(
      environment,
      ["ask", "Review this", "--json", "--max-opinions", "0"],
      "diff --git a/x b/x",
    );
    const prompt = JSON.stringify(simulator.requests.at(-1)?.body);
    assert.equal(withContext.status, 0, withContext.stderr);
    assert.ok(prompt.includes("Review this") && prompt.includes("diff --git a/x b/x"), prompt.slice(0, 300));
  });

  it("attaches files and the output of git diff, and says what is wrong with them", async () => {
    const directory = temporaryDirectory("attach");
    writeFileSync(join(directory, "notes.txt"), "the attached NOTE-4711\n");
    const git = (...args: string[]) => spawnSync("git", args, { cwd: directory, encoding: "utf8" });
    git("init", "-q");
    git("-c", "user.email=a@b", "-c", "user.name=a", "commit", "-q", "--allow-empty", "-m", "start");
    writeFileSync(join(directory, "tracked.txt"), "one\n");
    git("add", "tracked.txt");
    git("-c", "user.email=a@b", "-c", "user.name=a", "commit", "-q", "-m", "add");
    const ask = (args: string[]) => {
      const run = startCli(["ask", "Look", "--json", "--max-opinions", "0", ...args], environment, directory);
      run.child.stdin.end();
      return run.exited.then((status) => ({ status, stderr: run.stderr() }));
    };
    assert.equal((await ask(["--diff"])).status, 2, "a clean tree has no diff");
    writeFileSync(join(directory, "tracked.txt"), "one\nCHANGED-LINE\n");
    const attached = await ask(["--file", "notes.txt", "--diff"]);
    assert.equal(attached.status, 0, attached.stderr);
    const prompt = JSON.stringify(simulator.requests.at(-1)?.body);
    assert.ok(prompt.includes("NOTE-4711") && prompt.includes("+CHANGED-LINE"), prompt.slice(0, 400));
    const missing = await ask(["--file", "no-such-file.txt"]);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /Cannot read --file no-such-file\.txt: ENOENT/);
  });

  it("cancels on Ctrl-C: provider calls aborted, nothing stored, exit code 130", async () => {
    const { environment: isolated } = await serverEnvironment(simulator.url, {
      maxRetries: 0,
      modelDeadlineMs: 60_000,
    });
    simulator.setDefaultBehaviour({ latencyMs: 30_000 });
    const from = simulator.requests.length;
    try {
      const { status, output } = await inTerminal(
        isolated,
        ["ask", "Stop me", "--max-opinions", "1"],
        async ({ child }) => {
          await simulator.waitForRequests((requests) => requests.length >= from + 2);
          child.stdin?.write("\x03");
        },
      );
      assert.equal(status, 130, output);
      assert.match(output, /cancelled; every provider call was stopped and nothing was stored/);
      await simulator.waitForRequests((requests) => requests.slice(from).every((request) => request.aborted));
    } finally {
      simulator.setDefaultBehaviour({});
    }
    const listed = JSON.parse((await piped(isolated, ["conversations", "--json"])).stdout) as {
      conversations: unknown[];
    };
    assert.deepEqual(listed.conversations, []);
  });
});
