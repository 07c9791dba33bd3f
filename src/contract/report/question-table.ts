// The per-question table, written once for the terminal, the HTML report and the web page: a row per
// question (its text, choices and reference) and a cell per strategy with the answer it stated, right or
// wrong, and whether it fixed or broke the best single model's answer. Cells hold plain text from the
// question file and the models; each front end writes it as text (escaped in HTML, made safe in the
// terminal), never as markup. Pure, so the web page uses it as the server does.

import type { EvaluationReport, EvaluationStrategy, QuestionAnswer, QuestionResult } from "../evaluation.ts";

/** The longest stated answer a cell shows; the whole answer is kept beside it. */
const statedLength = 80;

/** One strategy's answer to one question, as a cell shows it. */
export interface QuestionCell {
  /** What the answer stated (the graded value, else its last line), or "no answer". */
  stated: string;
  grade: "right" | "wrong" | "judged";
  /** Against the best single model: "fixed", "broke", or null (unchanged, the baseline, or not graded). */
  change: "fixed" | "broke" | null;
  /** The synthesis's agreement score to two decimals, when it wrote one. */
  agreement: string | null;
  /** The judges' verdicts against the best single model ("won 1, tie 1"), when judged. */
  verdicts: string | null;
  /** The whole answer, or why there was none. */
  answer: string;
}

/** One question's row. */
export interface QuestionRow {
  id: string;
  question: string;
  /** The choices, each with its letter: "A. 71". */
  choices: string[];
  /** The reference answer, or "judged" when there is none. */
  reference: string;
  /** One cell per strategy of the table; undefined where the strategy has no answer (yet). */
  cells: (QuestionCell | undefined)[];
}

/** The questions' table: a column per strategy, a row per question. */
export interface QuestionTable {
  strategies: EvaluationStrategy[];
  rows: QuestionRow[];
  /** How many questions the run has (the rows may be a page of them). */
  total: number;
}

/** The table of the report's per-question results; undefined when the report has none. */
export function questionTable(report: EvaluationReport): QuestionTable | undefined {
  if (!report.questions) return undefined;
  const strategies = report.strategies.map((line) => line.strategy);
  return {
    strategies,
    total: report.questions.total,
    rows: report.questions.items.map((question) => questionRow(question, strategies)),
  };
}

/** One row. */
export function questionRow(
  question: QuestionResult,
  strategies: readonly EvaluationStrategy[],
): QuestionRow {
  return {
    id: question.id,
    question: question.question,
    choices: (question.choices ?? []).map((choice, index) => `${String.fromCharCode(65 + index)}. ${choice}`),
    reference: question.reference ?? "judged",
    cells: strategies.map((strategy) => {
      const answer = question.answers.find((candidate) => candidate.strategy === strategy);
      return answer ? questionCell(answer) : undefined;
    }),
  };
}

/** One cell. */
function questionCell(answer: QuestionAnswer): QuestionCell {
  const lastLine = answer.answer.trim().split("\n").at(-1)?.trim() ?? "";
  const stated = answer.failure !== undefined ? "no answer" : (answer.extracted ?? lastLine);
  const outcomes = ["won", "lost", "tie", "undecided"] as const;
  const verdicts = outcomes
    .map(
      (outcome) =>
        [outcome, answer.verdicts.filter((verdict) => verdict.outcome === outcome).length] as const,
    )
    .filter(([, count]) => count > 0)
    .map(([outcome, count]) => `${outcome} ${count}`)
    .join(", ");
  return {
    stated: stated.length > statedLength ? `${stated.slice(0, statedLength - 1)}…` : stated,
    grade: answer.correct === null ? "judged" : answer.correct ? "right" : "wrong",
    change: answer.change === "fixed" ? "fixed" : answer.change === "broken" ? "broke" : null,
    agreement: answer.agreement === undefined ? null : answer.agreement.toFixed(2),
    verdicts: verdicts === "" ? null : verdicts,
    answer: answer.failure ?? answer.answer,
  };
}

/**
 * A cell in one line of text: "B · right · fixed · agreement 0.90"; "–" where the strategy has no answer
 * (not given yet, or a majority vote on a question without choices).
 */
export function cellText(cell: QuestionCell | undefined): string {
  if (!cell) return "–";
  return [
    cell.stated,
    cell.grade,
    cell.change,
    cell.agreement === null ? null : `agreement ${cell.agreement}`,
    cell.verdicts,
  ]
    .filter((part): part is string => part !== null && part !== "")
    .join(" · ");
}
