// `ai-universe eval`: runs (or resumes) an evaluation in this process on the local store and prints its
// report as a table (or JSON with --json, and a self-contained HTML page with --html FILE), each
// question's answers too with --per-question (always in the HTML page), with its progress on stderr;
// `--list` lists the runs. Ctrl-C (or SIGTERM) stops the run cleanly: what it did is stored, the run is
// marked stopped, the message says how to resume it and the exit code is 130 (stop-signals.ts). Exit
// code 0 when the run finished or stopped at its cost cap.

import { writeFileSync } from "node:fs";
import { evaluationReportHtml, localCaller } from "../application/index.ts";
import type { EvaluationReport } from "../contract/evaluation.ts";
import { usd } from "../contract/report/report-format.ts";
import type { CommandOptions } from "./command-line.ts";
import { launchRuntime } from "./launch-runtime.ts";
import { cleanStop } from "./stop-signals.ts";
import { evaluationProgressView } from "./terminal/evaluation-progress.ts";
import { evaluationListText, evaluationReportText } from "./terminal/render-evaluation.ts";
import { terminalStyle } from "./terminal/terminal-style.ts";

/** Runs `eval` as `options` say; resolves with the exit code. */
export async function runEval(options: CommandOptions): Promise<number> {
  const evaluation = options.evaluation ?? { list: false, json: false, perQuestion: false, input: {} };
  const out = terminalStyle(process.stdout, options.environment);
  const runtime = await launchRuntime(options, false);
  try {
    const { application } = runtime;
    if (evaluation.list) {
      const list = await application.listEvaluations(localCaller, {});
      process.stdout.write(
        evaluation.json ? `${JSON.stringify(list, null, 2)}\n` : evaluationListText(list, out),
      );
      return 0;
    }
    // From here no Ctrl-C kills the process: the first stops the run, stored as stopped, and a second
    // one waits for that.
    const stop = cleanStop("the run is stored as stopped");
    const progress = evaluationProgressView(
      process.stderr,
      terminalStyle(process.stderr, options.environment),
    );
    let report: EvaluationReport;
    try {
      report = await application.runEvaluation(localCaller, evaluation.input, {
        signal: stop.requested,
        onStarted: (run, resumed) =>
          process.stderr.write(
            `ai-universe: evaluation ${run.id}${resumed ? " resumed" : ""}: ${run.questionSet.questions} questions from ${run.questionSet.name}; panel ${run.panel.join(", ")}; best single ${run.bestModel ?? "found by a first pass"}\n`,
          ),
        onProgress: (step) => progress.update(step),
      });
    } finally {
      progress.finish();
    }
    if (evaluation.perQuestion || evaluation.html) {
      // The same report with every question's answers, read back from what the run stored.
      report = await application.evaluationReport(localCaller, { runId: report.run.id, questions: {} });
    }
    if (evaluation.html) {
      writeFileSync(evaluation.html, evaluationReportHtml(report));
      process.stderr.write(`ai-universe: the report is in ${evaluation.html}\n`);
    }
    const { questions, ...summary } = report;
    const printed = evaluation.perQuestion ? report : summary;
    process.stdout.write(
      evaluation.json ? `${JSON.stringify(printed, null, 2)}\n` : evaluationReportText(printed, out),
    );
    const { run } = report;
    if (run.status === "stopped") {
      process.stderr.write(
        `ai-universe: the run stopped at its cost cap (${usd(run.spentUsd)} spent of ${usd(run.maxCostUsd)}): the next call's worst case did not fit. Raise --max-cost and run the same command again (or ai-universe eval --resume ${run.id} --max-cost USD) to go on.\n`,
      );
    }
    return 0;
  } finally {
    await runtime.close();
  }
}
