// `ai-universe eval` end to end, the built program against the provider simulator: a run killed with
// SIGKILL in the middle resumes when the same command runs again, and no (question, strategy) answer it
// had stored is paid for twice (the simulator's log counts every request per question, model and kind);
// each provider gets at most --concurrency requests at once (the simulator sees them overlap); the
// report comes as JSON and the run is listed.

import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { EvaluationList, EvaluationReport } from "../../src/contract/evaluation.ts";
import {
  type ProviderSimulator,
  type RecordedRequest,
  startProviderSimulator,
} from "../simulator/provider-simulator.ts";
import { runCli, startCli } from "./support/cli-process.ts";
import { scriptedText } from "./support/evaluation-answers.ts";
import { serverEnvironment } from "./support/server-environment.ts";

const truth: Record<string, string> = { e1: "4", e2: "Paris", e3: "9", e4: "Tokyo", e5: "12" };
const questions = [
  "[e1] What is 2 + 2?",
  "[e2] What is the capital of France?",
  "[e3] What is 3 squared?",
  "[e4] What is the capital of Japan?",
  "[e5] How many months has a year?",
];

/** Every model answers right, by the question's tag in the prompt; so does the synthesis. */
const rightAnswer = scriptedText((request) => ({
  answer: truth[/\[(e\d)\]/.exec(request.lastUserText)?.[1] ?? ""] ?? "unknown",
}));

/** The question a request is about, and what kind of call it is. */
function describeRequest(request: RecordedRequest): { question: string; kind: string } {
  const body = JSON.stringify(request.body);
  const question = /\[(e\d)\]/.exec(body)?.[1] ?? "none";
  const kind = request.structured
    ? "synthesis"
    : body.includes("independent experts")
      ? "opinion"
      : body.includes("helpful expert assistant")
        ? "alone"
        : "other";
  return { question, kind };
}

/** How many answered requests there were of each question, kind and model. */
function paidFor(requests: readonly RecordedRequest[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const request of requests) {
    if (request.aborted || request.finishedAt === undefined) continue;
    const { question, kind } = describeRequest(request);
    const key = `${question} ${kind} ${request.model}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** The most requests to `provider` that were open at once. */
function peakOf(requests: readonly RecordedRequest[], provider: string): number {
  const moments = requests
    .filter((request) => request.provider === provider)
    .flatMap((request) => [
      { at: request.startedAt, change: 1 },
      { at: request.finishedAt ?? Number.POSITIVE_INFINITY, change: -1 },
    ])
    // An end and a start at the same moment: the end first.
    .sort((one, other) => one.at - other.at || one.change - other.change);
  let open = 0;
  let peak = 0;
  for (const moment of moments) {
    open += moment.change;
    peak = Math.max(peak, open);
  }
  return peak;
}

describe("ai-universe eval", () => {
  let simulator: ProviderSimulator;
  before(async () => {
    simulator = await startProviderSimulator();
  });
  after(async () => {
    await simulator?.close();
  });

  /** A fresh store and a question file of the five questions. */
  async function prepare() {
    simulator.reset();
    const { environment, directory } = await serverEnvironment(simulator.url);
    const file = join(directory, "questions.jsonl");
    writeFileSync(
      file,
      questions
        .map((question, index) =>
          JSON.stringify({ id: `e${index + 1}`, question, answer: truth[`e${index + 1}`] }),
        )
        .join("\n"),
    );
    return { environment, file };
  }

  it("resumes a run killed with SIGKILL without paying again for any answer it stored", async () => {
    const { environment, file } = await prepare();
    // The answers about e3 are held, so the kill lands while a request about it is out.
    for (const model of ["gpt-oss-120b", "grok-4.6"]) simulator.setBehaviour(model, { text: rightAnswer });
    const aboutE3 = (request: RecordedRequest) => describeRequest(request).question === "e3";
    const release = simulator.hold(["gpt-oss-120b", "grok-4.6"], aboutE3);
    const command = [
      "eval",
      "--questions",
      file,
      "--models",
      "cerebras,grok",
      "--model",
      "cerebras",
      "--strategies",
      "best-single,council",
      "--concurrency",
      "1",
    ];
    const killed = startCli(command, environment);
    killed.child.stdin.end();
    // One question at a time, best-single then the council: once e3 is asked, e1 and e2 are stored.
    await simulator.waitForRequests(
      (requests) => requests.some((request) => describeRequest(request).question === "e3"),
      30_000,
    );
    killed.child.kill("SIGKILL");
    await killed.exited;
    release();
    const runId = /evaluation (\S+):/.exec(killed.stderr())?.[1];
    assert.ok(runId, killed.stderr());
    const beforeResume = simulator.requests.length;

    const resumed = await runCli(environment, [...command, "--json"]);
    assert.equal(resumed.status, 0, resumed.stderr);
    assert.match(resumed.stderr, new RegExp(`evaluation ${runId} resumed`));
    const report = JSON.parse(resumed.stdout) as EvaluationReport;
    assert.equal(report.run.id, runId);
    assert.equal(report.run.status, "finished");
    assert.deepEqual(
      report.strategies.map((line) => [line.strategy, line.correct, line.graded]),
      [
        ["best-single", 5, 5],
        ["council", 5, 5],
      ],
    );
    // After the kill, nothing was asked about the questions finished before it.
    const afterKill = simulator.requests
      .slice(beforeResume)
      .map((request) => describeRequest(request).question);
    assert.ok(!afterKill.includes("e1") && !afterKill.includes("e2"), afterKill.join(" "));
    // Across both runs, each question's every call was paid for once: its best-single answer, each
    // panel model's opinion and the synthesis (the requests cut off by the kill were never answered).
    const paid = paidFor(simulator.requests);
    for (const question of Object.keys(truth)) {
      for (const key of ["alone gpt-oss-120b", "opinion gpt-oss-120b", "opinion grok-4.6"]) {
        assert.equal(paid.get(`${question} ${key}`), 1, `${question} ${key}`);
      }
      assert.equal(paid.get(`${question} synthesis gpt-oss-120b`), 1, `${question} synthesis`);
    }
    const listed = await runCli(environment, ["eval", "--list", "--json"]);
    assert.equal(listed.status, 0, listed.stderr);
    assert.deepEqual(
      (JSON.parse(listed.stdout) as EvaluationList).runs.map((run) => [run.id, run.status]),
      [[runId, "finished"]],
    );
  });

  it("refuses --questions /dev/zero at once, naming the cause, and asks no model", async () => {
    const { environment } = await prepare();
    const run = await runCli(environment, ["eval", "--questions", "/dev/zero", "--models", "cerebras,grok"]);
    assert.notEqual(run.status, 0);
    assert.match(
      run.stderr,
      /\/dev\/zero: cannot read the question set \(a character device, not a regular file\): give the path of a question file/,
    );
    assert.equal(simulator.requests.length, 0);
  });

  it("sends each provider at most --concurrency requests at once", async () => {
    const { environment, file } = await prepare();
    for (const model of ["gpt-oss-120b", "grok-4.6"])
      simulator.setBehaviour(model, { text: rightAnswer, latencyMs: 100 });
    // Four samples for each of two questions at once would be eight Cerebras requests at once.
    const run = await runCli(environment, [
      "eval",
      "--questions",
      file,
      "--limit",
      "3",
      "--models",
      "cerebras,grok",
      "--model",
      "cerebras",
      "--strategies",
      "sampled-single",
      "--samples",
      "4",
      "--concurrency",
      "2",
    ]);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /sampled-single\s+3\s+3 of 3/);
    // Each question: its best-single answer (the baseline, always run) and four samples.
    const alone = simulator.requests.filter((request) => describeRequest(request).kind === "alone");
    assert.equal(alone.length, 3 * 5);
    assert.equal(peakOf(simulator.requests, "cerebras"), 2);
  });
});
