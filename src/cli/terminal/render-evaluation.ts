// An evaluation's report and the list of runs as text for a terminal: the run's facts, the strategies'
// table, what each fixed and broke against the best single model, and the agreement score's (and
// adaptive consultation's) figures, and each question's answers when the report has them; the tables'
// cells are the HTML report's and the web page's.

import type { EvaluationList, EvaluationReport } from "../../contract/evaluation.ts";
import { cellText, type QuestionTable, questionTable } from "../../contract/report/question-table.ts";
import { usd } from "../../contract/report/report-format.ts";
import {
  agreementFacts,
  comparisonTable,
  runFacts,
  strategyTable,
  type TextTable,
} from "../../contract/report/report-tables.ts";
import type { TerminalStyle } from "./terminal-style.ts";
import { terminalSafe } from "./terminal-text.ts";

/** `table` with its columns aligned, the header in bold. */
function aligned(table: TextTable, style: TerminalStyle): string {
  const widths = table.header.map((cell, column) =>
    Math.max(cell.length, ...table.rows.map((row) => (row[column] ?? "").length)),
  );
  const render = (row: string[]) =>
    row
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join("  ")
      .trimEnd();
  return [style.colors.bold(render(table.header)), ...table.rows.map(render)].join("\n");
}

function facts(list: [string, string][]): string {
  const width = Math.max(...list.map(([label]) => label.length));
  return list.map(([label, value]) => `${`${label}:`.padEnd(width + 2)}${terminalSafe(value)}`).join("\n");
}

/** The report as terminal text. */
export function evaluationReportText(report: EvaluationReport, style: TerminalStyle): string {
  const { bold } = style.colors;
  return [
    facts(runFacts(report)),
    "",
    aligned(strategyTable(report), style),
    "",
    bold("Against the best single model"),
    aligned(comparisonTable(report), style),
    "",
    bold(report.adaptive ? "Agreement and adaptive consultation" : "Agreement"),
    facts(agreementFacts(report)),
    "",
    ...questionLines(questionTable(report), style),
  ].join("\n");
}

/** The longest question text a line shows (its first line); --json has the whole text. */
const questionLength = 100;

/**
 * Each question's line (its id, its first line, the reference) and one line per strategy's answer,
 * every text from the question file or a model made safe for a terminal; nothing without questions.
 */
function questionLines(table: QuestionTable | undefined, style: TerminalStyle): string[] {
  if (!table) return [];
  const { bold } = style.colors;
  const width = Math.max(...table.strategies.map((strategy) => strategy.length));
  const shortened = (text: string) => {
    const line = terminalSafe(text).trim().split("\n")[0] ?? "";
    return line.length > questionLength ? `${line.slice(0, questionLength - 1)}…` : line;
  };
  const lines = [bold(`Questions (${table.rows.length} of ${table.total})`)];
  for (const row of table.rows) {
    lines.push(
      `${bold(terminalSafe(row.id))}  ${shortened(row.question)}  (reference: ${shortened(row.reference)})`,
    );
    table.strategies.forEach((strategy, index) => {
      lines.push(`  ${strategy.padEnd(width)}  ${shortened(cellText(row.cells[index]))}`);
    });
  }
  lines.push("");
  return lines;
}

/** The runs as terminal text, newest first. */
export function evaluationListText(list: EvaluationList, style: TerminalStyle): string {
  if (list.runs.length === 0) return "No evaluation runs yet: ai-universe eval starts one.\n";
  return `${aligned(
    {
      header: ["run", "started", "status", "questions", "best single", "spent"],
      rows: list.runs.map((run) => [
        run.id,
        run.createdAt.slice(0, 16).replace("T", " "),
        run.status,
        `${run.questionSet.questions} ${terminalSafe(run.questionSet.name)}`,
        run.bestModel ?? "–",
        run.maxCostUsd === null ? usd(run.spentUsd) : `${usd(run.spentUsd)} of ${usd(run.maxCostUsd)}`,
      ]),
    },
    style,
  )}\n`;
}
