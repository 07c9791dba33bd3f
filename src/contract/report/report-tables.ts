// The report's tables as rows of text, written once for the terminal, the HTML report and the web page:
// one line per strategy, what each strategy fixed and broke against the best single model, and what the
// run was. Pure, so the web page uses it as the server does.

import type { EvaluationReport } from "../evaluation.ts";
import { countOf, percent, points, seconds, usd, withInterval } from "./report-format.ts";

/** A table: its header and its rows, each cell a string. */
export interface TextTable {
  header: string[];
  rows: string[][];
}

/** One line per strategy. */
export function strategyTable(report: EvaluationReport): TextTable {
  return {
    header: [
      "strategy",
      "answered",
      "right",
      "accuracy (95% CI)",
      "win rate vs best",
      "cost",
      "per right answer",
      "p50",
      "p95",
    ],
    rows: report.strategies.map((line) => [
      line.strategy,
      String(line.answered),
      countOf(line.correct, line.graded),
      withInterval(line.accuracy),
      line.strategy === "best-single" ? "baseline" : withInterval(line.winRate),
      usd(line.costUsd),
      usd(line.costPerCorrectUsd),
      seconds(line.latencyP50Ms),
      seconds(line.latencyP95Ms),
    ]),
  };
}

/** What each strategy fixed and broke against the best single model. */
export function comparisonTable(report: EvaluationReport): TextTable {
  return {
    header: ["strategy", "fixed (best single wrong)", "fix rate", "broke (best single right)", "break rate"],
    rows: report.comparisons.map((line) => [
      line.strategy,
      countOf(line.fixed, line.baselineWrong),
      percent(line.fixRate),
      countOf(line.broken, line.baselineRight),
      percent(line.breakRate),
    ]),
  };
}

/** The run's facts, label and value. */
export function runFacts(report: EvaluationReport): [string, string][] {
  const { run } = report;
  return [
    ["run", run.id],
    ["status", run.status],
    ["started", run.createdAt],
    ["questions", `${run.questionSet.questions} from ${run.questionSet.name}`],
    ["panel", run.panel.join(", ")],
    ["best single model", run.bestModel ?? "not chosen yet (first pass)"],
    ["samples", String(run.samples)],
    ["judges", run.judges.length > 0 ? run.judges.join(", ") : "none"],
    ["spent", run.maxCostUsd === null ? usd(run.spentUsd) : `${usd(run.spentUsd)} of ${usd(run.maxCostUsd)}`],
  ];
}

/** The agreement score's statistics and, when the run has it, adaptive consultation's. */
export function agreementFacts(report: EvaluationReport): [string, string][] {
  const { agreement, adaptive } = report;
  const facts: [string, string][] = [
    ["answers with an agreement score", String(agreement.answers)],
    [
      "AUROC (agreement predicts a right answer)",
      agreement.auroc === null ? "–" : agreement.auroc.toFixed(3),
    ],
    [
      "expected calibration error",
      agreement.expectedCalibrationError === null ? "–" : agreement.expectedCalibrationError.toFixed(3),
    ],
  ];
  if (adaptive) {
    facts.push(
      ["adaptive: settled by the two cheap models", percent(adaptive.cheapPathShare)],
      ["adaptive: saved against the council", usd(adaptive.savedUsdAgainstCouncil)],
      ["adaptive: accuracy lost against the council", points(adaptive.accuracyLostAgainstCouncil)],
      ["adaptive: extra cost against the best single model", usd(adaptive.extraUsdAgainstBestSingle)],
      [
        "adaptive: accuracy gained against the best single model",
        points(adaptive.accuracyGainedAgainstBestSingle),
      ],
    );
  }
  return facts;
}
