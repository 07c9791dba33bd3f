// `ai-universe models --panel`: the default panel's models, how many independent votes they are worth,
// and each pair's error correlation with where it came from: the questions and eval runs it was measured
// on, or "families" with the prior. Only this part of `models` opens the store: the eval
// runs are in it.

import { localCaller } from "../application/index.ts";
import { describeIndependentVotes, type IndependentVotes } from "../contract/claims.ts";
import type { CommandOptions } from "./command-line.ts";
import { launchRuntime } from "./launch-runtime.ts";

/** Prints the default panel's pairs; returns the exit code. */
export async function runModelsPanel(options: CommandOptions): Promise<number> {
  const runtime = await launchRuntime(options, false, { prices: false });
  try {
    const votes = await runtime.application.defaultPanelIndependence(localCaller);
    if (options.format === "json") process.stdout.write(`${JSON.stringify(votes, null, 2)}\n`);
    else process.stdout.write(panelPairsText(votes));
    return 0;
  } finally {
    await runtime.close();
  }
}

/** The pairs as lines: the models, the correlation, and where it came from. */
export function panelPairsText(votes: IndependentVotes): string {
  const rows = votes.pairs.map((pair) => {
    const basis =
      pair.source === "eval"
        ? `measured over ${pair.questions ?? 0} questions in run${(pair.runs ?? []).length === 1 ? "" : "s"} ${(pair.runs ?? []).join(", ")}`
        : "families (the prior: no eval run measured this pair)";
    return [pair.models.join(" · "), pair.correlation.toFixed(2), basis];
  });
  const width = (column: number) => Math.max(...rows.map((row) => (row[column] ?? "").length));
  const lines = rows.map((row) => [row[0]?.padEnd(width(0)), row[1]?.padStart(width(1)), row[2]].join("  "));
  return `Default panel: ${describeIndependentVotes(votes)}.\nError correlation of each pair:\n${lines.join("\n")}\n`;
}
