// `ai-universe eval` on the command line: its flags as the evaluation's input, the words a bad flag gets,
// its help; and its progress off a terminal (a line each tenth of the run, with the time left at the
// run's pace and the spend of its cap) and on one (a bar redrawn in place).

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import picocolors from "picocolors";
import { CommandLineError, helpText, parseCommandLine } from "../../src/cli/command-line.ts";
import { evaluationProgressView, timeLeft } from "../../src/cli/terminal/evaluation-progress.ts";
import type { TerminalStyle } from "../../src/cli/terminal/terminal-style.ts";

const evaluationOf = (argv: string[]) => {
  const command = parseCommandLine(["eval", ...argv], {});
  return "options" in command ? command.options.evaluation : undefined;
};

describe("ai-universe eval's command line", () => {
  it("turns its flags into the evaluation's input", () => {
    assert.deepEqual(
      evaluationOf([
        "--questions",
        "gpqa.csv",
        "--format",
        "gpqa",
        "--limit",
        "50",
        "--tag",
        "Physics",
        "--tag",
        "Chemistry",
        "--models",
        "openai, claude,gemini",
        "--model",
        "claude",
        "--samples",
        "4",
        "--judge",
        "grok",
        "--strategies",
        "council,adaptive",
        "--max-cost",
        "2.5",
        "--concurrency",
        "3",
        "--html",
        "report.html",
      ]),
      {
        list: false,
        json: false,
        perQuestion: false,
        html: "report.html",
        input: {
          questions: "gpqa.csv",
          format: "gpqa",
          limit: 50,
          tags: ["Physics", "Chemistry"],
          models: ["openai", "claude", "gemini"],
          model: "claude",
          samples: 4,
          judges: ["grok"],
          strategies: ["council", "adaptive"],
          maxCostUsd: 2.5,
          concurrency: 3,
        },
      },
    );
    assert.deepEqual(evaluationOf(["--resume", "run-1", "--json", "--new", "--per-question"]), {
      list: false,
      json: true,
      perQuestion: true,
      input: { resume: "run-1", fresh: true },
    });
    assert.deepEqual(evaluationOf(["--list"]), { list: true, json: false, perQuestion: false, input: {} });
  });

  it("names a bad flag and what to give instead", () => {
    const refused = (argv: string[], pattern: RegExp) =>
      assert.throws(
        () => parseCommandLine(["eval", ...argv], {}),
        (error: Error) => error instanceof CommandLineError && pattern.test(error.message),
      );
    refused(
      ["--strategies", "council,panel-of-one"],
      /"panel-of-one" is not a strategy; choose from best-single/,
    );
    refused(["--format", "xml"], /--format "xml" is not one of jsonl, mmlu-pro, gpqa, simpleqa/);
    refused(["--concurrency", "0"], /--concurrency "0" is not a number from 1 to 32/);
    refused(["--samples", "1"], /--samples "1" is not a number from 2 to 9/);
    refused(["--max-cost", "free"], /--max-cost "free" is not a number/);
    // 1e400 reads as Infinity: too large, not "not a number".
    refused(
      ["--max-cost", "1e400"],
      /^--max-cost "1e400" is too large: give a number from 0\.000001 to 100000\. /,
    );
    refused(["--limit=-1e999"], /^--limit "-1e999" is too small: give a number from 1 to 1000000\. /);
    refused(["--list", "--limit", "3"], /--list takes no other option/);
    refused(["--list", "--per-question"], /--list takes no other option/);
    refused(["questions.jsonl"], /Unexpected argument "questions.jsonl"/);
    assert.match(helpText("eval"), /^Usage: ai-universe eval /);
    for (const flag of [
      "--questions",
      "--judge",
      "--max-cost",
      "--concurrency",
      "--resume",
      "--list",
      "--html",
      "--per-question",
    ]) {
      assert.match(helpText("eval"), new RegExp(`^ {2}${flag} `, "m"), flag);
    }
  });
});

/** A progress view writing to a stream it records, with a clock the test moves. */
function view(live: boolean) {
  let written = "";
  let now = 0;
  const stream = {
    isTTY: live,
    columns: 120,
    rows: 40,
    write: (text: string) => {
      written += text;
      return true;
    },
  } as unknown as NodeJS.WriteStream;
  const style: TerminalStyle = { colors: picocolors.createColors(false), colored: live, live, width: 120 };
  return {
    progress: evaluationProgressView(stream, style, () => now),
    written: () => written,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

const step = (done: number, latest?: string) => ({
  runId: "run-1",
  phase: "answers" as const,
  done,
  total: 20,
  resumed: 4,
  spentUsd: done / 100,
  maxCostUsd: 1,
  ...(latest ? { latest } : {}),
});

describe("ai-universe eval's progress", () => {
  it("writes a plain line at the start, each tenth of the run and the end when it cannot redraw", () => {
    const { progress, written, advance } = view(false);
    // 4 steps were stored before: the pace is this process's, 2 steps in 10 s, so 14 left take 70 s.
    progress.update(step(4));
    advance(5_000);
    progress.update(step(5, "q1: council right"));
    advance(5_000);
    progress.update(step(6, "q\u001b[31m2: best-single wrong"));
    // Still in the same tenth: no line, until the end (3 steps in 10 s, 13 left: 43 s).
    progress.update(step(7));
    progress.finish();
    // The last step was written already: the end adds no line.
    assert.equal(
      written(),
      [
        "ai-universe: eval answers: 4/20 (20%), ETA –, $0.04 of $1.00 spent",
        "ai-universe: eval answers: 6/20 (30%), ETA 1m 10s, $0.06 of $1.00 spent  q2: best-single wrong",
        "ai-universe: eval answers: 7/20 (35%), ETA 43s, $0.07 of $1.00 spent",
        "",
      ].join("\n"),
    );
  });

  it("redraws one bar in place on a terminal", () => {
    const { progress, written } = view(true);
    progress.update(step(10, "q3: council right"));
    progress.finish();
    assert.match(
      written(),
      /answers █{12}░{12} 10\/20 50% {2}ETA – {2}\$0\.1 of \$1\.00 {2}q3: council right/,
    );
    assert.equal(timeLeft(3_725_000), "1h 2m");
    assert.equal(timeLeft(42_000), "42s");
  });
});
