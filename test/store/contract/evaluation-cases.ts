// Contract cases for evaluation runs: a run and its questions read back as written; runs listed newest
// first and found unfinished by their settings; changes applied; each answer, model answer and judgement
// kept once (a second write of the same key keeps the first, which is what lets a killed run resume
// without paying again); and another owner neither reads nor writes any of it.

import assert from "node:assert/strict";
import { it } from "node:test";
import type { EvaluationAnswerRecord, EvaluationRunRecord } from "../../../src/store/evaluations.ts";
import type { Store } from "../../../src/store/store.ts";
import { owner } from "./fixtures.ts";

/** A run with settings `settingsKey`, made at `createdAt`. */
function run(
  id: string,
  settingsKey = "settings-a",
  createdAt = "2026-01-01T00:00:00.000Z",
): EvaluationRunRecord {
  return {
    id,
    createdAt,
    updatedAt: createdAt,
    status: "running",
    questionSet: { name: "built-in", questions: 2 },
    strategies: ["best-single", "council"],
    bestModel: null,
    samples: 3,
    panel: ["alpha", "beta"],
    judges: [],
    maxCostUsd: 1.5,
    spentUsd: 0,
    settingsKey,
    settings: { questions: "built-in" },
  };
}

const questions = [
  { id: "q1", question: "Two plus two?", answer: "4", tags: ["arithmetic"] },
  { id: "q2", question: "Which is a prime?", choices: ["4", "6", "7"], answer: "C", tags: [] },
];

function answer(questionId: string, strategy: EvaluationAnswerRecord["strategy"], text: string) {
  return {
    questionId,
    strategy,
    answer: text,
    correct: text === "4",
    extracted: text,
    costUsd: 0.01,
    latencyMs: 120,
  } satisfies EvaluationAnswerRecord;
}

/** Registers the evaluation cases against the store `current` returns. */
export function describeEvaluationCases(current: () => Store): void {
  it("reads a run and its questions back as written, in their order", async () => {
    const { evaluations } = current();
    await evaluations.createRun(owner, run("run-1"), questions);
    assert.deepEqual(await evaluations.getRun(owner, "run-1"), run("run-1"));
    assert.deepEqual(await evaluations.readQuestions(owner, "run-1"), questions);
    assert.equal(await evaluations.getRun(owner, "run-2"), undefined);
  });

  it("lists runs newest first and finds the newest unfinished one with the same settings", async () => {
    const { evaluations } = current();
    await evaluations.createRun(owner, run("old", "settings-a", "2026-01-01T00:00:00.000Z"), questions);
    await evaluations.createRun(owner, run("new", "settings-a", "2026-01-02T00:00:00.000Z"), questions);
    await evaluations.createRun(owner, run("other", "settings-b", "2026-01-03T00:00:00.000Z"), questions);
    assert.deepEqual(
      (await evaluations.listRuns(owner, 10)).map((listed) => listed.id),
      ["other", "new", "old"],
    );
    assert.deepEqual(
      (await evaluations.listRuns(owner, 2)).map((listed) => listed.id),
      ["other", "new"],
    );
    assert.equal((await evaluations.findUnfinished(owner, "settings-a"))?.id, "new");
    await evaluations.updateRun(owner, "new", { status: "finished", updatedAt: "2026-01-04T00:00:00.000Z" });
    assert.equal((await evaluations.findUnfinished(owner, "settings-a"))?.id, "old");
    await evaluations.updateRun(owner, "old", { status: "finished", updatedAt: "2026-01-04T00:00:00.000Z" });
    assert.equal(await evaluations.findUnfinished(owner, "settings-a"), undefined);
  });

  it("applies the fields a change names and leaves the others", async () => {
    const { evaluations } = current();
    await evaluations.createRun(owner, run("run-1"), questions);
    const updatedAt = "2026-01-05T00:00:00.000Z";
    assert.equal(
      await evaluations.updateRun(owner, "run-1", { bestModel: "beta", spentUsd: 0.25, updatedAt }),
      true,
    );
    assert.deepEqual(await evaluations.getRun(owner, "run-1"), {
      ...run("run-1"),
      bestModel: "beta",
      spentUsd: 0.25,
      updatedAt,
    });
    await evaluations.updateRun(owner, "run-1", { status: "stopped", maxCostUsd: null, updatedAt });
    const changed = await evaluations.getRun(owner, "run-1");
    assert.equal(changed?.status, "stopped");
    assert.equal(changed?.maxCostUsd, null);
    assert.equal(changed?.bestModel, "beta");
    assert.equal(await evaluations.updateRun(owner, "missing", { status: "failed", updatedAt }), false);
  });

  it("keeps the first answer, model answer and judgement of each key", async () => {
    const { evaluations } = current();
    await evaluations.createRun(owner, run("run-1"), questions);
    const opinions = [{ model: "alpha", answer: "Answer: 4", costUsd: 0.001, latencyMs: 80 }];
    assert.equal(
      await evaluations.saveAnswer(owner, "run-1", { ...answer("q1", "council", "4"), opinions }),
      true,
    );
    assert.equal(await evaluations.saveAnswer(owner, "run-1", answer("q1", "council", "5")), false);
    assert.equal(await evaluations.saveAnswer(owner, "run-1", answer("q1", "best-single", "5")), true);
    const modelAnswer = {
      questionId: "q1",
      model: "alpha",
      answer: "Answer: 4",
      correct: true,
      costUsd: 0.002,
      latencyMs: 90,
    };
    assert.equal(await evaluations.saveModelAnswer(owner, "run-1", modelAnswer), true);
    assert.equal(await evaluations.saveModelAnswer(owner, "run-1", { ...modelAnswer, answer: "x" }), false);
    const judgement = {
      questionId: "q2",
      first: "council" as const,
      second: "best-single" as const,
      judge: "gamma",
      prompts: ["first as A", "second as A"],
      replies: ["Verdict: A", "Verdict: B"],
      winner: "first" as const,
      costUsd: 0.003,
    };
    assert.equal(await evaluations.saveJudgement(owner, "run-1", judgement), true);
    assert.equal(await evaluations.saveJudgement(owner, "run-1", { ...judgement, winner: "tie" }), false);
    assert.deepEqual(await evaluations.readResults(owner, "run-1"), {
      answers: [answer("q1", "best-single", "5"), { ...answer("q1", "council", "4"), opinions }],
      modelAnswers: [modelAnswer],
      judgements: [judgement],
    });
  });

  it("lets no other owner read or write a run", async () => {
    const { evaluations } = current();
    await evaluations.createRun(owner, run("run-1"), questions);
    await evaluations.saveAnswer(owner, "run-1", answer("q1", "council", "4"));
    const stranger = "user-2";
    assert.equal(await evaluations.getRun(stranger, "run-1"), undefined);
    assert.deepEqual(await evaluations.listRuns(stranger, 10), []);
    assert.equal(await evaluations.findUnfinished(stranger, "settings-a"), undefined);
    assert.deepEqual(await evaluations.readQuestions(stranger, "run-1"), []);
    assert.deepEqual(await evaluations.readResults(stranger, "run-1"), {
      answers: [],
      modelAnswers: [],
      judgements: [],
    });
    const updatedAt = "2026-01-05T00:00:00.000Z";
    assert.equal(await evaluations.updateRun(stranger, "run-1", { status: "failed", updatedAt }), false);
    assert.equal(await evaluations.saveAnswer(stranger, "run-1", answer("q2", "council", "C")), false);
    assert.equal((await evaluations.getRun(owner, "run-1"))?.status, "running");
    assert.equal((await evaluations.readResults(owner, "run-1")).answers.length, 1);
  });
}
