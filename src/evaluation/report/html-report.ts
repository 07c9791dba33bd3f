// The report as one self-contained HTML page (`ai-universe eval --html FILE`): the run, the strategies'
// table, what each fixed and broke, and both plots as inline SVG, styled inline, with no script and
// nothing fetched, so the file can be mailed, archived or opened offline.

import type { EvaluationReport } from "../../contract/evaluation.ts";
import { costAccuracyPlot, escapeMarkup, reliabilityPlot } from "./plots.ts";
import { agreementFacts, comparisonTable, runFacts, strategyTable, type TextTable } from "./report-tables.ts";

const style = `
body { font: 15px/1.45 system-ui, sans-serif; margin: 2rem auto; max-width: 72rem; padding: 0 1rem; color: #1d232b; background: #fff; }
@media (prefers-color-scheme: dark) { body { color: #e4e8ee; background: #15191e; } th, td { border-color: #3a424d; } }
h1 { font-size: 1.5rem; margin-bottom: 0.25rem; } h2 { font-size: 1.15rem; margin-top: 2rem; }
table { border-collapse: collapse; margin: 0.5rem 0; } caption { text-align: left; padding-bottom: 0.25rem; } th, td { border: 1px solid #d5dae1; padding: 0.3rem 0.6rem; text-align: left; }
td:not(:first-child) { font-variant-numeric: tabular-nums; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.2rem 1rem; } dl.facts dt { font-weight: 600; } dl.facts dd { margin: 0; }
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

/** The whole page of `report`. */
export function evaluationReportHtml(report: EvaluationReport): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
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
</body>
</html>
`;
}
