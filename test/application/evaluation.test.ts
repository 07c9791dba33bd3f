// The evaluation use cases with scripted models (test/evaluation/support): every strategy answers the
// same questions and is graded as scripted; the first pass finds the best single model; the majority
// vote reads the council's opinions; questions without a reference are judged in both orders by judges
// outside the panel; a stopped run resumes without asking again what it stored; the cost cap stops a
// run before a call whose worst case would not fit, never above it; each provider gets at most
// --concurrency requests at once; and bad input is refused before anything is asked.

import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { describe, it } from "node:test";
import { localCaller } from "../../src/application/caller.ts";
import type { EvaluationProgress, EvaluationReport } from "../../src/contract/evaluation.ts";
import type { ServiceError } from "../../src/contract/service-error.ts";
import { callCounts, evaluationFixture } from "../evaluation/support/evaluation-fixture.ts";

const signal = new AbortController().signal;
const line = (report: EvaluationReport, strategy: string) => {
  const found = report.strategies.find((entry) => entry.strategy === strategy);
  assert.ok(found, strategy);
  return found;
};

describe("evaluation use cases", () => {
  it("compares the strategies on the same questions, the best single model found by a first pass", async () => {
    const { application, models, file, store } = evaluationFixture();
    // No conversation is written, not even for a moment: the council is consulted without one.
    const written: string[] = [];
    const of = store.conversations.of.bind(store.conversations);
    store.conversations.of = (owner) => {
      const conversations = of(owner);
      const saveTurn = conversations.saveTurn.bind(conversations);
      conversations.saveTurn = (turn) => {
        written.push(turn.conversationId);
        return saveTurn(turn);
      };
      return conversations;
    };
    const report = await application.runEvaluation(
      localCaller,
      {
        questions: file,
        // alpha is not first: the first pass must find it.
        models: ["beta", "alpha", "gamma"],
        strategies: ["council", "sampled-single", "majority-vote"],
      },
      { signal },
    );
    assert.equal(report.run.status, "finished");
    assert.equal(report.run.bestModel, "alpha");
    assert.deepEqual(report.run.strategies, ["best-single", "sampled-single", "majority-vote", "council"]);
    // alpha is right on all four; the synthesis (of the council and of the samples) on all but q2; the
    // majority vote on q3 (A: alpha, beta) but not q4 (C: beta, gamma).
    assert.deepEqual(
      report.strategies.map((entry) => [entry.strategy, entry.correct, entry.graded]),
      [
        ["best-single", 4, 4],
        ["sampled-single", 3, 4],
        ["majority-vote", 1, 2],
        ["council", 3, 4],
      ],
    );
    const council = report.comparisons.find((entry) => entry.strategy === "council");
    assert.deepEqual(council && [council.broken, council.baselineRight, council.fixed], [1, 4, 0]);
    // The agreement score tells the council's wrong answer (0.4) from its right ones (0.9).
    assert.equal(report.agreement.answers, 4);
    assert.equal(report.agreement.auroc, 1);
    const counts = callCounts(models.answered);
    // The first pass asked each panel model each question once; best-single used alpha's answers
    // from it, and the majority vote the council's opinions: neither asked anything again.
    for (const question of ["q1", "q2", "q3", "q4"]) {
      for (const model of ["alpha", "beta", "gamma"])
        assert.equal(counts.get(`${model} opinion ${question}`), 1);
      assert.equal(counts.get(`alpha alone ${question}`), 1 + 3, `first pass + 3 samples of ${question}`);
      assert.equal(counts.get(`beta alone ${question}`), 1);
      assert.equal(counts.get(`gamma alone ${question}`), 1);
    }
    // 12 first-pass answers, 4 × (3 opinions + synthesis), 4 × (3 samples + synthesis).
    assert.equal(models.answered.length, 12 + 16 + 16);
    // The council's consultations left no conversation among the caller's, and wrote none.
    assert.deepEqual((await application.listConversations(localCaller, {})).conversations, []);
    assert.deepEqual(written, []);
    // The run is stored: listed, and its report read back the same.
    const listed = await application.listEvaluations(localCaller, {});
    assert.deepEqual(
      listed.runs.map((run) => run.id),
      [report.run.id],
    );
    assert.deepEqual(await application.evaluationReport(localCaller, { runId: report.run.id }), report);
    await assert.rejects(
      application.evaluationReport({ userId: "someone-else", tier: "local" }, { runId: report.run.id }),
      (error: ServiceError) => error.code === "not_found",
    );
  });

  it("judges the questions without a reference against the best single model, in both orders", async () => {
    const { application, models, file } = evaluationFixture({ unreferenced: true });
    const report = await application.runEvaluation(
      localCaller,
      {
        questions: file,
        models: ["alpha", "beta"],
        model: "alpha",
        strategies: ["council"],
        judges: ["delta"],
      },
      { signal },
    );
    // delta always prefers Response A: the council wins as A and loses as B, so each pair is a tie.
    const judged = models.answered.filter((call) => call.kind === "judge");
    assert.deepEqual(
      judged.map((call) => [call.model, call.question]),
      [
        ["delta", "q5"],
        ["delta", "q5"],
      ],
    );
    const council = line(report, "council");
    assert.equal(council.winRate?.value, 0.5);
    assert.equal(council.answered, 5);
    assert.equal(council.graded, 4);
  });

  it("refuses a judge on the panel, an unknown model and a question file with bad lines, asking nothing", async () => {
    const { application, models, file } = evaluationFixture({ unreferenced: true });
    await assert.rejects(
      application.runEvaluation(
        localCaller,
        { questions: file, models: ["alpha", "beta"], judges: ["beta"] },
        { signal },
      ),
      (error: ServiceError) =>
        error.code === "invalid_argument" && /judge "beta" is on the panel/.test(error.message),
    );
    await assert.rejects(
      application.runEvaluation(localCaller, { questions: file, models: ["alpha", "beta"] }, { signal }),
      (error: ServiceError) => error.code === "invalid_argument" && /--judge MODEL/.test(error.message),
    );
    await assert.rejects(
      application.runEvaluation(localCaller, { questions: file, models: ["alpha", "nobody"] }, { signal }),
      (error: ServiceError) => error.code === "unknown_model" && /"nobody"/.test(error.message),
    );
    writeFileSync(file, '{"question": "fine", "answer": "1"}\n{"question": "bad", "anwser": "2"}\n');
    await assert.rejects(
      application.runEvaluation(localCaller, { questions: file, models: ["alpha", "beta"] }, { signal }),
      (error: ServiceError) =>
        error.code === "invalid_argument" && /line 2: unknown field "anwser"/.test(error.message),
    );
    assert.equal(models.calls.length, 0);
    assert.deepEqual((await application.listEvaluations(localCaller, {})).runs, []);
  });

  it("resumes a stopped run without asking again any answer it stored", async () => {
    const settings = { models: ["beta", "alpha", "gamma"], strategies: ["council", "sampled-single"] };
    // The same run uninterrupted, to count what it asks.
    const whole = evaluationFixture();
    await whole.application.runEvaluation(localCaller, { questions: whole.file, ...settings }, { signal });
    const expected = callCounts(whole.models.answered);

    const { application, models, file } = evaluationFixture();
    const controller = new AbortController();
    const stop = (progress: EvaluationProgress) => {
      if (progress.phase === "answers" && progress.done >= 16) controller.abort(new Error("stop"));
    };
    await assert.rejects(
      application.runEvaluation(
        localCaller,
        { questions: file, ...settings, concurrency: 1 },
        { signal: controller.signal, onProgress: stop },
      ),
      (error: ServiceError) => error.code === "cancelled" && /eval --resume/.test(error.message),
    );
    const [stopped] = (await application.listEvaluations(localCaller, {})).runs;
    assert.equal(stopped?.status, "stopped");
    const first = models.answered.length;
    assert.ok(first > 12 && first < whole.models.answered.length, `stopped midway, after ${first} calls`);
    // The same settings again: the unfinished run goes on.
    let resumed = 0;
    const report = await application.runEvaluation(
      localCaller,
      { questions: file, ...settings },
      { signal, onProgress: (progress) => (resumed = progress.resumed) },
    );
    assert.equal(report.run.id, stopped?.id);
    assert.equal(report.run.status, "finished");
    // 16 steps were done: the first pass's 12 answers (done with: the best model is chosen) and 4 answers.
    assert.equal(resumed, 4);
    // Every call was answered exactly as often as in the run that was never stopped.
    assert.deepEqual(callCounts(models.answered), expected);
  });

  it("stops at the cost cap, never above it, with status stopped, and goes on when the cap is raised", async () => {
    const { application, models, file, store } = evaluationFixture();
    // Each call costs $0.002 (1,000 input tokens at $1 and 500 output at $2 a million) but may cost up
    // to about $0.0165 (its whole output cap of 8,192 tokens): under $0.02 a second call fits only once
    // the first let go of its hold, and a third not at all ($0.004 spent + $0.0165 > $0.02).
    const settings = {
      questions: file,
      models: ["alpha", "beta"],
      model: "alpha",
      strategies: ["best-single"],
    };
    const report = await application.runEvaluation(
      localCaller,
      { ...settings, maxCostUsd: 0.02, concurrency: 4 },
      { signal },
    );
    assert.equal(report.run.status, "stopped");
    assert.equal(models.answered.length, 2);
    assert.equal(line(report, "best-single").answered, 2);
    assert.ok(report.run.spentUsd <= 0.02);
    assert.ok(Math.abs(report.run.spentUsd - 0.004) < 1e-9, `spent ${report.run.spentUsd}`);
    assert.equal(report.run.maxCostUsd, 0.02);
    // Nothing is held any more: the cap's reservations were all let go.
    assert.equal(await store.spend.heldOn(`evaluation/${report.run.id}`, "run", Date.now()), 0);
    // The same command with a higher cap goes on from there, asking only what is missing.
    const raised = await application.runEvaluation(localCaller, { ...settings, maxCostUsd: 1 }, { signal });
    assert.equal(raised.run.id, report.run.id);
    assert.equal(raised.run.status, "finished");
    assert.equal(models.answered.length, 4);
    assert.ok(Math.abs(raised.run.spentUsd - 0.008) < 1e-9);
  });

  it("holds the council's consultations under the cap too", async () => {
    const { application, models, file, store } = evaluationFixture();
    // A council's worst case (three opinions and the synthesis twice, every output cap written) is about
    // $0.13 while it costs $0.008: a few fit under $0.15, one after another, then the run stops.
    const report = await application.runEvaluation(
      localCaller,
      {
        questions: file,
        models: ["alpha", "beta", "gamma"],
        model: "alpha",
        strategies: ["council"],
        maxCostUsd: 0.15,
        concurrency: 3,
      },
      { signal },
    );
    assert.equal(report.run.status, "stopped");
    const council = line(report, "council").answered;
    assert.ok(council >= 1 && council < 4, `${council} council answers`);
    assert.ok(report.run.spentUsd <= 0.15);
    const paid = models.answered.length * 0.002;
    assert.ok(Math.abs(report.run.spentUsd - paid) < 1e-9, `spent ${report.run.spentUsd}, paid ${paid}`);
    assert.equal(await store.spend.heldOn(`evaluation/${report.run.id}`, "run", Date.now()), 0);
  });

  it("asks adaptive consultation through the second-opinion use case and reports what it saved", async () => {
    const { application, file } = evaluationFixture();
    const report = await application.runEvaluation(
      localCaller,
      {
        questions: file,
        models: ["alpha", "beta", "gamma"],
        model: "alpha",
        strategies: ["council", "adaptive"],
      },
      { signal },
    );
    const adaptive = line(report, "adaptive");
    assert.equal(adaptive.answered, 4);
    assert.ok(report.adaptive, "the report has adaptive consultation's figures");
    assert.ok(report.adaptive.cheapPathShare >= 0 && report.adaptive.cheapPathShare <= 1);
    assert.notEqual(report.adaptive.savedUsdAgainstCouncil, null);
    assert.notEqual(report.adaptive.accuracyGainedAgainstBestSingle, null);
  });

  it("sends each provider at most --concurrency requests at once", async () => {
    const { application, models, file } = evaluationFixture();
    // Four samples of alpha (Cerebras) for each of two questions at once would be eight requests.
    await application.runEvaluation(
      localCaller,
      {
        questions: file,
        models: ["alpha", "beta"],
        model: "alpha",
        strategies: ["sampled-single"],
        samples: 4,
        concurrency: 2,
      },
      { signal },
    );
    assert.equal(models.peaks.get("cerebras"), 2);
    assert.equal(models.answered.filter((call) => call.model === "alpha").length, 4 + 4 * 5);
  });

  it("refuses to resume a run with other settings than its own", async () => {
    const { application, file } = evaluationFixture();
    const report = await application.runEvaluation(
      localCaller,
      { questions: file, models: ["alpha", "beta"], model: "alpha", strategies: ["best-single"] },
      { signal },
    );
    await assert.rejects(
      application.runEvaluation(localCaller, { resume: report.run.id, samples: 5 }, { signal }),
      (error: ServiceError) => error.code === "invalid_argument" && /Leave out samples/.test(error.message),
    );
    await assert.rejects(
      application.runEvaluation(localCaller, { resume: "no-such-run" }, { signal }),
      (error: ServiceError) => error.code === "not_found",
    );
  });
});
