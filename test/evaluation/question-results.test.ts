// The per-question results of a stored run: each question with every strategy's answer, what each
// answer fixed or broke against the best single model's (the same counts as the report's comparisons),
// the judges' verdicts on a question without a reference, pages of questions, and enough to recompute the
// agreement score's AUROC answer by answer; the shape validates against the contract's zod schema.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  type EvaluationRunSummary,
  evaluationReport as evaluationReportSchema,
  questionResultPage,
} from "../../src/contract/evaluation.ts";
import { cellText, questionTable } from "../../src/contract/report/question-table.ts";
import { agreementStrategies, evaluationReport } from "../../src/evaluation/report/evaluation-report.ts";
import { answerChange, questionResults } from "../../src/evaluation/report/question-results.ts";
import { auroc } from "../../src/evaluation/statistics/auroc.ts";
import type {
  EvaluationAnswerRecord,
  EvaluationQuestionRecord,
  EvaluationResults,
} from "../../src/store/evaluations.ts";

const run: EvaluationRunSummary = {
  id: "run-1",
  createdAt: "2026-01-01T00:00:00.000Z",
  status: "finished",
  questionSet: { name: "hand.jsonl", questions: 5 },
  strategies: ["best-single", "council"],
  bestModel: "alpha",
  samples: 3,
  panel: ["alpha", "beta"],
  judges: ["omega"],
  maxCostUsd: null,
  spentUsd: 0.1,
};

const questions: EvaluationQuestionRecord[] = [
  { id: "q1", question: "What is 2 + 2?", answer: "4", tags: ["arithmetic"] },
  { id: "q2", question: "Which is prime?", choices: ["4", "6", "7"], answer: "C", tags: [] },
  { id: "q3", question: "What is 3 squared?", answer: "9", tags: [] },
  { id: "q4", question: "What is 10 / 2?", answer: "5", tags: [] },
  { id: "q5", question: "Explain why the sky is blue.", tags: [] },
];

type Row = [string, boolean | null, string, number?];
const answers = (strategy: EvaluationAnswerRecord["strategy"], rows: Row[]): EvaluationAnswerRecord[] =>
  rows.map(([questionId, correct, extracted, agreement]) => ({
    questionId,
    strategy,
    answer: `Some reasoning.\n\nAnswer: ${extracted}`,
    correct,
    extracted,
    costUsd: 0.01,
    latencyMs: 100,
    ...(agreement !== undefined ? { agreement } : {}),
  }));

// The best single model: right on q1 and q2, wrong on q3 and q4. The council fixes q3, keeps q4 wrong,
// breaks q2 and keeps q1 right; q5 has no reference and is judged.
const results: EvaluationResults = {
  answers: [
    ...answers("best-single", [
      ["q1", true, "4"],
      ["q2", true, "C"],
      ["q3", false, "6"],
      ["q4", false, "20"],
      ["q5", null, "Rayleigh scattering"],
    ]),
    ...answers("council", [
      ["q1", true, "4", 0.9],
      ["q2", false, "A", 0.4],
      ["q3", true, "9", 0.7],
      ["q4", false, "2", 0.8],
      ["q5", null, "Scattering of short wavelengths", 0.95],
    ]).map((answer) => ({
      ...answer,
      opinions: [{ model: "alpha", answer: "kept in the store only", costUsd: 0, latencyMs: 1 }],
    })),
  ],
  modelAnswers: [],
  judgements: [
    {
      questionId: "q5",
      first: "council",
      second: "best-single",
      judge: "omega",
      prompts: ["a", "b"],
      replies: ["Verdict: A", "Verdict: B"],
      winner: "first",
      costUsd: 0.001,
    },
  ],
};

const strategies = ["best-single", "council"] as const;

describe("an evaluation's per-question results", () => {
  it("tells fixed, broken and unchanged apart, and nothing when either answer was not graded", () => {
    assert.equal(answerChange({ correct: true }, { correct: false }), "fixed");
    assert.equal(answerChange({ correct: false }, { correct: true }), "broken");
    assert.equal(answerChange({ correct: true }, { correct: true }), "unchanged");
    assert.equal(answerChange({ correct: false }, { correct: false }), "unchanged");
    assert.equal(answerChange({ correct: null }, { correct: true }), undefined);
    assert.equal(answerChange({ correct: true }, { correct: null }), undefined);
    assert.equal(answerChange({ correct: true }, undefined), undefined);
  });

  it("gives each question every strategy's graded answer and what it changed against the best single model", () => {
    const page = questionResults(questions, strategies, results);
    assert.equal(questionResultPage.safeParse(page).success, true);
    assert.deepEqual(
      page.items.map((item) => [
        item.id,
        item.reference,
        item.answers.map((answer) => [answer.strategy, answer.extracted, answer.correct, answer.change]),
      ]),
      [
        [
          "q1",
          "4",
          [
            ["best-single", "4", true, null],
            ["council", "4", true, "unchanged"],
          ],
        ],
        [
          "q2",
          "C",
          [
            ["best-single", "C", true, null],
            ["council", "A", false, "broken"],
          ],
        ],
        [
          "q3",
          "9",
          [
            ["best-single", "6", false, null],
            ["council", "9", true, "fixed"],
          ],
        ],
        [
          "q4",
          "5",
          [
            ["best-single", "20", false, null],
            ["council", "2", false, "unchanged"],
          ],
        ],
        [
          "q5",
          null,
          [
            ["best-single", "Rayleigh scattering", null, null],
            ["council", "Scattering of short wavelengths", null, null],
          ],
        ],
      ],
    );
    assert.deepEqual(page.items[1]?.choices, ["4", "6", "7"]);
    // The judge preferred the council's answer to q5; the panel's opinions stay in the store.
    assert.deepEqual(page.items[4]?.answers[1]?.verdicts, [{ judge: "omega", outcome: "won" }]);
    assert.ok(page.items.every((item) => item.answers.every((answer) => !("opinions" in answer))));
  });

  it("counts the same fixed and broken questions as the report's comparison", () => {
    const report = evaluationReport(
      run,
      questions.map((question) => question.id),
      results,
    );
    const page = questionResults(questions, strategies, results);
    const councilAnswers = page.items.flatMap((item) =>
      item.answers.filter((answer) => answer.strategy === "council"),
    );
    const count = (change: string) => councilAnswers.filter((answer) => answer.change === change).length;
    const comparison = report.comparisons.find((line) => line.strategy === "council");
    assert.equal(comparison?.fixed, 1);
    assert.equal(comparison?.broken, 1);
    assert.equal(count("fixed"), comparison?.fixed);
    assert.equal(count("broken"), comparison?.broken);
    assert.equal(count("unchanged"), 2, "q1 and q4");
  });

  it("lets a reader recompute the agreement score's AUROC from the answers", () => {
    const report = evaluationReport(
      run,
      questions.map((question) => question.id),
      results,
    );
    const page = questionResults(questions, strategies, results);
    const scored = page.items.flatMap((item) =>
      item.answers.flatMap((answer) =>
        agreementStrategies.includes(answer.strategy) &&
        answer.agreement !== undefined &&
        answer.correct !== null
          ? [{ score: answer.agreement, correct: answer.correct }]
          : [],
      ),
    );
    // Right 0.9 and 0.7; wrong 0.4 and 0.8: of the 4 pairs, 0.9 beats both, 0.7 beats 0.4 only: 3/4.
    assert.equal(scored.length, report.agreement.answers);
    assert.equal(auroc(scored), 0.75);
    assert.equal(report.agreement.auroc, 0.75);
  });

  it("gives a page of the questions with where the next starts", () => {
    const first = questionResults(questions, strategies, results, { limit: 2 });
    assert.deepEqual(
      [first.total, first.offset, first.nextOffset, first.items.map((item) => item.id)],
      [5, 0, 2, ["q1", "q2"]],
    );
    const last = questionResults(questions, strategies, results, { offset: 4, limit: 2 });
    assert.deepEqual([last.nextOffset, last.items.map((item) => item.id)], [null, ["q5"]]);
    const past = questionResults(questions, strategies, results, { offset: 9, limit: 2 });
    assert.deepEqual([past.nextOffset, past.items], [null, []]);
  });

  it("leaves out a strategy that has not answered yet, and the report with questions validates", () => {
    const halfDone = {
      ...results,
      answers: results.answers.filter(
        (answer) => answer.questionId !== "q3" || answer.strategy === "best-single",
      ),
    };
    const page = questionResults(questions, strategies, halfDone);
    assert.deepEqual(
      page.items[2]?.answers.map((answer) => answer.strategy),
      ["best-single"],
    );
    const report = {
      ...evaluationReport(
        run,
        questions.map((question) => question.id),
        halfDone,
      ),
      questions: page,
    };
    assert.equal(evaluationReportSchema.safeParse(report).success, true);
    const table = questionTable(report);
    assert.equal(cellText(table?.rows[2]?.cells[1]), "–");
  });

  it("writes each cell as what was stated, right or wrong, and fixed or broke", () => {
    const failed: EvaluationAnswerRecord = {
      questionId: "q4",
      strategy: "council",
      answer: "",
      correct: false,
      costUsd: 0,
      latencyMs: 0,
      failure: "every model failed",
    };
    const long = "x".repeat(200);
    const answered = {
      ...results,
      answers: [
        ...results.answers.filter((answer) => answer.strategy === "best-single"),
        ...results.answers.filter(
          (answer) => answer.strategy === "council" && !["q4", "q1"].includes(answer.questionId),
        ),
        failed,
        { ...answers("council", [["q1", true, long]])[0], extracted: undefined } as EvaluationAnswerRecord,
      ],
    };
    const report = {
      ...evaluationReport(run, [], answered),
      questions: questionResults(questions, strategies, answered),
    };
    const table = questionTable(report);
    const council = (row: number) => table?.rows[row]?.cells[1];
    assert.deepEqual(table?.strategies, ["best-single", "council"]);
    assert.equal(table?.rows[1]?.choices.join(" "), "A. 4 B. 6 C. 7");
    assert.equal(cellText(council(2)), "9 · right · fixed · agreement 0.70");
    assert.equal(cellText(council(1)), "A · wrong · broke · agreement 0.40");
    assert.equal(cellText(council(3)), "no answer · wrong");
    assert.equal(council(3)?.answer, "every model failed");
    assert.equal(cellText(council(4)), "Scattering of short wavelengths · judged · agreement 0.95 · won 1");
    assert.equal(table?.rows[4]?.reference, "judged");
    // No graded value read: the last line, cut to 80 characters; the whole answer is kept.
    assert.equal(council(0)?.stated, `Answer: ${"x".repeat(71)}…`);
    assert.ok(council(0)?.answer.endsWith(long));
  });
});
