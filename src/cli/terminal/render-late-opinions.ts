// What `ask` prints after an answer given with models still answering: a line per such model (on
// stderr: it is status, not the answer), each opinion as it lands (on stdout, like the others, marked as
// landed after the synthesis), and at the end the totals with every landed opinion counted, or the
// models whose opinion will not come.

import type { ConsultationSummary, ModelOpinion, Stance } from "../../contract/opinions.ts";
import { renderOpinion, totalsLine } from "./render-consultation.ts";
import type { TerminalStyle } from "./terminal-style.ts";

/** A line per model still answering; `stopsHere`: they run in this process, so Ctrl-C stops them. */
export function renderStillAnswering(
  models: readonly string[],
  stopsHere: boolean,
  style: TerminalStyle,
): string {
  const ctrlC = stopsHere ? "Ctrl-C stops it" : "Ctrl-C stops waiting; it goes on at the server";
  return `${models
    .map((model) =>
      style.colors.yellow(`… ${model} is still answering: its opinion follows when it lands (${ctrlC}).`),
    )
    .join("\n")}\n`;
}

/** An opinion that landed after the synthesis was written. */
export function renderLateOpinion(
  opinion: ModelOpinion,
  stance: Stance | undefined,
  style: TerminalStyle,
): string {
  const lines = [
    style.colors.dim(`Landed after the synthesis: ${opinion.model}`),
    ...renderOpinion(opinion, stance, style),
  ];
  return `${lines.join("\n").trimEnd()}\n`;
}

/** The totals once every late opinion is in, or a line per model whose opinion will not come. */
export function renderLateEnd(
  summary: ConsultationSummary,
  unlanded: readonly string[],
  style: TerminalStyle,
): string {
  const lines = unlanded.map((model) =>
    style.colors.yellow(`${model}'s opinion did not come: its call ended before it could land.`),
  );
  return `${[...lines, totalsLine(summary, style)].join("\n")}\n`;
}
