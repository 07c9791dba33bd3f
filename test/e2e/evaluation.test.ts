// `ai-universe eval` end to end, the built program against the provider simulator: a run killed with
// SIGKILL in the middle resumes when the same command runs again, and no (question, strategy) answer it
// had stored is paid for twice (the simulator's log counts every request per question, model and kind);
// each provider gets at most --concurrency requests at once (the simulator sees them overlap); the
// report comes as JSON and the run is listed; with --per-question each question's answers come too, what
// the council fixed and broke, the agreement scores, and the same through GET /api/evaluations/{id}
// ?questions=1 to the run's owner alone.

import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import {
  type EvaluationList,
  type EvaluationReport,
  evaluationReport,
} from "../../src/contract/evaluation.ts";
import {
  type ProviderSimulator,
  type RecordedRequest,
  startProviderSimulator,
} from "../simulator/provider-simulator.ts";
import { makeApiKey, runCli, startCli } from "./support/cli-process.ts";
import { scriptedText } from "./support/evaluation-answers.ts";
import { startHttpServerInProcess } from "./support/http-server-in-process.ts";
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
    assert.equal(report.questions, undefined, "the questions only with --per-question");
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

  it("gives each question's answers with --per-question, and the API gives them to the run's owner alone", async () => {
    const { environment, file } = await prepare();
    // The best single model (Cerebras alone) is wrong on e3; the council's synthesis is wrong on e4
    // and sure of itself only when right.
    simulator.setBehaviour("gpt-oss-120b", {
      text: scriptedText((request) => {
        const question = /\[(e\d)\]/.exec(request.lastUserText)?.[1] ?? "";
        if (request.structured) {
          return question === "e4"
            ? { answer: "Osaka", agreement: 0.3 }
            : { answer: truth[question] ?? "", agreement: 0.9 };
        }
        const alone = request.system.includes("helpful expert assistant");
        return { answer: alone && question === "e3" ? "7" : (truth[question] ?? "") };
      }),
    });
    simulator.setBehaviour("grok-4.6", { text: rightAnswer });
    const command = ["eval", "--questions", file, "--models", "cerebras,grok", "--model", "cerebras"];
    const run = await runCli(environment, [
      ...command,
      "--strategies",
      "best-single,council",
      "--json",
      "--per-question",
    ]);
    assert.equal(run.status, 0, run.stderr);
    const report = evaluationReport.parse(JSON.parse(run.stdout));
    const { questions } = report;
    assert.ok(questions);
    assert.deepEqual([questions.total, questions.offset, questions.nextOffset], [5, 0, null]);
    assert.deepEqual(
      questions.items.map((item) => [
        item.id,
        item.reference,
        item.answers.map(
          (answer) => `${answer.strategy} ${answer.extracted} ${answer.correct} ${answer.change}`,
        ),
      ]),
      [
        ["e1", "4", ["best-single 4 true null", "council 4 true unchanged"]],
        ["e2", "Paris", ["best-single Paris true null", "council Paris true unchanged"]],
        ["e3", "9", ["best-single 7 false null", "council 9 true fixed"]],
        ["e4", "Tokyo", ["best-single Tokyo true null", "council Osaka false broken"]],
        ["e5", "12", ["best-single 12 true null", "council 12 true unchanged"]],
      ],
    );
    assert.match(questions.items[3]?.answers[1]?.answer ?? "", /Answer: Osaka/);
    // The AUROC, checked answer by answer: the council's one wrong answer has the lowest agreement.
    const scored = questions.items.flatMap((item) =>
      item.answers.filter((answer) => answer.strategy === "council" && answer.agreement !== undefined),
    );
    assert.deepEqual(
      scored.map((answer) => [answer.agreement, answer.correct]),
      [
        [0.9, true],
        [0.9, true],
        [0.9, true],
        [0.3, false],
        [0.9, true],
      ],
    );
    assert.equal(report.agreement.auroc, 1);
    assert.deepEqual(
      report.comparisons.map((line) => [line.strategy, line.fixed, line.broken]),
      [["council", 1, 1]],
    );

    // The same through the web page's API, to the run's owner (whoever runs eval on this store is the
    // local user), a page at a time; another user, like an unknown run, meets the same 404.
    const teamEnvironment = { ...environment, AI_UNIVERSE_AUTH: "api-key" };
    const ownerKey = await makeApiKey(teamEnvironment, "local");
    const otherKey = await makeApiKey(teamEnvironment, "bob");
    const server = await startHttpServerInProcess(teamEnvironment);
    try {
      const get = async (path: string, key: string) => {
        const response = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${key}` } });
        return { status: response.status, body: (await response.json()) as Record<string, unknown> };
      };
      const runPath = `/api/evaluations/${encodeURIComponent(report.run.id)}`;
      const plain = await get(runPath, ownerKey);
      assert.equal(plain.status, 200);
      assert.equal(plain.body.questions, undefined);
      const first = await get(`${runPath}?questions=1&limit=2`, ownerKey);
      assert.equal(first.status, 200);
      const firstPage = evaluationReport.parse(first.body).questions;
      assert.deepEqual(
        [firstPage?.total, firstPage?.nextOffset, firstPage?.items.map((item) => item.id)],
        [5, 2, ["e1", "e2"]],
      );
      const next = evaluationReport.parse(
        (await get(`${runPath}?questions=1&offset=4&limit=2`, ownerKey)).body,
      );
      assert.deepEqual(
        [next.questions?.nextOffset, next.questions?.items.map((item) => item.id)],
        [null, ["e5"]],
      );
      assert.deepEqual(
        evaluationReport.parse((await get(`${runPath}?questions=1`, ownerKey)).body).questions,
        questions,
      );
      const refused = await get(`${runPath}?questions=1&limit=lots`, ownerKey);
      assert.equal(refused.status, 400);
      assert.match(JSON.stringify(refused.body), /limit/);
      const other = await get(`${runPath}?questions=1`, otherKey);
      const unknown = await get("/api/evaluations/no-such-run?questions=1", ownerKey);
      assert.equal(other.status, 404);
      assert.equal(unknown.status, 404);
      const messageOf = (body: Record<string, unknown>, id: string) => JSON.stringify(body).replace(id, "ID");
      assert.equal(messageOf(other.body, report.run.id), messageOf(unknown.body, "no-such-run"));
    } finally {
      await server.stop();
    }
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
