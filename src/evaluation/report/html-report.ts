// The report as one self-contained HTML page (`ai-universe eval --html FILE`): the run, the strategies'
// table, what each fixed and broke, both plots as inline SVG, and every question with each strategy's
// answer; styled inline, with no script and nothing fetched, so the file can be mailed, archived or
// opened offline. Questions and answers are text from a file and from models: every one is escaped, and
// the page's Content-Security-Policy forbids any script and any fetch should markup ever slip through.

import { createHash } from "node:crypto";
import type { EvaluationReport } from "../../contract/evaluation.ts";
import { costAccuracyPlot, escapeMarkup, reliabilityPlot } from "../../contract/report/plots.ts";
import {
  type QuestionCell,
  type QuestionTable,
  questionTable,
} from "../../contract/report/question-table.ts";
import {
  agreementFacts,
  comparisonTable,
  runFacts,
  strategyTable,
  type TextTable,
} from "../../contract/report/report-tables.ts";

const style = `
body { font: 15px/1.45 system-ui, sans-serif; margin: 2rem auto; max-width: 72rem; padding: 0 1rem; color: #1d232b; background: #fff; }
@media (prefers-color-scheme: dark) { body { color: #e4e8ee; background: #15191e; } th, td { border-color: #3a424d; } }
h1 { font-size: 1.5rem; margin-bottom: 0.25rem; } h2 { font-size: 1.15rem; margin-top: 2rem; }
table { border-collapse: collapse; margin: 0.5rem 0; } caption { text-align: left; padding-bottom: 0.25rem; } th, td { border: 1px solid #d5dae1; padding: 0.3rem 0.6rem; text-align: left; }
td:not(:first-child) { font-variant-numeric: tabular-nums; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.2rem 1rem; } dl.facts dt { font-weight: 600; } dl.facts dd { margin: 0; }
table.questions td, table.questions th { vertical-align: top; max-width: 22rem; } ul.choices { list-style: none; margin: 0.25rem 0; padding: 0; font-weight: normal; }
.question-id { font-weight: 600; } .question-text, .answer { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0.2rem 0; font-weight: normal; }
.grade.right { color: #1a7f37; } .grade.wrong { color: #c62828; } .change { font-weight: 600; } .change.fixed { color: #1a7f37; } .change.broke { color: #c62828; }
.plots { display: flex; flex-wrap: wrap; gap: 1.5rem; } .plots figure { margin: 0; flex: 1 1 26rem; max-width: 34rem; } .plots svg { width: 100%; height: auto; }
`;

function table(content: TextTable, caption: string): string {
  const head = content.header.map((cell) => `<th scope="col">${escapeMarkup(cell)}</th>`).join("");
  const rows = content.rows
    .map(
      (row) =>
        `<tr>${row.map((cell, index) => (index === 0 ? `<th scope="row">${escapeMarkup(cell)}</th>` : `<td>${escapeMarkup(cell)}</td>`)).join("")}</tr>`,
    )
    .join("\n");
  return `<table><caption>${escapeMarkup(caption)}</caption><thead><tr>${head}</tr></thead><tbody>\n${rows}\n</tbody></table>`;
}

function facts(list: [string, string][], label: string): string {
  const items = list
    .map(([term, value]) => `<dt>${escapeMarkup(term)}</dt><dd>${escapeMarkup(value)}</dd>`)
    .join("");
  return `<dl class="facts" aria-label="${escapeMarkup(label)}">${items}</dl>`;
}

/** One strategy's cell: what it stated, right or wrong, fixed or broke, and the whole answer folded. */
function cell(content: QuestionCell | undefined): string {
  if (!content) return `<td class="pending">–</td>`;
  const parts = [
    `<span class="stated">${escapeMarkup(content.stated)}</span>`,
    `<span class="grade ${content.grade}">${content.grade}</span>`,
    content.change ? `<span class="change ${content.change}">${content.change}</span>` : "",
    content.agreement ? `<span class="agreement">agreement ${content.agreement}</span>` : "",
    content.verdicts ? `<span class="verdicts">${escapeMarkup(content.verdicts)}</span>` : "",
  ].filter(Boolean);
  const whole = `<details><summary>whole answer</summary><div class="answer">${escapeMarkup(content.answer)}</div></details>`;
  return `<td>${parts.join(" · ")}${whole}</td>`;
}

/** The table of every question with each strategy's answer. */
function questionsTable(content: QuestionTable): string {
  const head = ["question", "reference", ...content.strategies]
    .map((name) => `<th scope="col">${escapeMarkup(name)}</th>`)
    .join("");
  const rows = content.rows
    .map((row) => {
      const choices =
        row.choices.length > 0
          ? `<ul class="choices">${row.choices.map((choice) => `<li>${escapeMarkup(choice)}</li>`).join("")}</ul>`
          : "";
      const question = `<span class="question-id">${escapeMarkup(row.id)}</span><div class="question-text">${escapeMarkup(row.question)}</div>${choices}`;
      return `<tr><th scope="row">${question}</th><td>${escapeMarkup(row.reference)}</td>${row.cells.map(cell).join("")}</tr>`;
    })
    .join("\n");
  const caption =
    "Each question with every strategy's answer, and what it fixed or broke against the best single model";
  return `<table class="questions"><caption>${caption}</caption><thead><tr>${head}</tr></thead><tbody>\n${rows}\n</tbody></table>`;
}

/**
 * The page's Content-Security-Policy: nothing loads from anywhere, no script runs (none is written, and
 * none may be), and only the page's own style sheet applies, allowed by its hash.
 */
export function reportContentSecurityPolicy(): string {
  const styleHash = createHash("sha256").update(style).digest("base64");
  return `default-src 'none'; script-src 'none'; style-src 'sha256-${styleHash}'; img-src data:; base-uri 'none'; form-action 'none'`;
}

/** The whole page of `report`, with its per-question table when the report has its questions. */
export function evaluationReportHtml(report: EvaluationReport): string {
  const questions = questionTable(report);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${reportContentSecurityPolicy()}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Evaluation ${escapeMarkup(report.run.id)}</title>
<style>${style}</style>
</head>
<body>
<h1>Evaluation ${escapeMarkup(report.run.id)}</h1>
${facts(runFacts(report), "The run")}
<h2>Strategies</h2>
${table(strategyTable(report), "Each strategy's answers, accuracy, win rate, cost and latency")}
<h2>Against the best single model</h2>
${table(comparisonTable(report), "What each strategy fixed and broke, question by question")}
<h2>Plots</h2>
<div class="plots">
<figure>${costAccuracyPlot(report)}</figure>
<figure>${reliabilityPlot(report)}</figure>
</div>
<h2>Agreement${report.adaptive ? " and adaptive consultation" : ""}</h2>
${facts(agreementFacts(report), "Agreement and adaptive consultation")}
${questions ? `<h2>Questions</h2>\n${questionsTable(questions)}` : ""}
</body>
</html>
`;
}
