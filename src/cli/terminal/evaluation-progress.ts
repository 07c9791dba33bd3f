// The progress of `ai-universe eval` on stderr: a bar with the steps done, the share, the time left at
// this process's pace, and what the run has spent (of its cap), with the latest step beside it, redrawn
// in place on a terminal that may show colour (live-block.ts). Elsewhere (a pipe, NO_COLOR, TERM=dumb) a
// plain line now and then: at the start, each time another tenth of the run is done, and at the end.

import type { EvaluationProgress } from "../../contract/evaluation.ts";
import { usd } from "../../contract/report/report-format.ts";
import { liveBlock } from "./live-block.ts";
import type { TerminalStyle } from "./terminal-style.ts";
import { terminalSafe } from "./terminal-text.ts";

/** The progress view of one run. */
export interface EvaluationProgressView {
  update(progress: EvaluationProgress): void;
  /** Leaves the last line in place. */
  finish(): void;
}

/** The time left as "1m 20s" (or "–" before there is a pace to go by). */
export function timeLeft(milliseconds: number | undefined): string {
  if (milliseconds === undefined || !Number.isFinite(milliseconds)) return "–";
  const total = Math.round(milliseconds / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  if (hours > 0) return `${hours}h ${minutes}m`;
  return minutes > 0 ? `${minutes}m ${rest}s` : `${rest}s`;
}

/** A progress view on `stream`; `now` is monotonic milliseconds (performance.now by default). */
export function evaluationProgressView(
  stream: NodeJS.WriteStream,
  style: TerminalStyle,
  now: () => number = () => performance.now(),
): EvaluationProgressView {
  const { colors } = style;
  const block = style.live ? liveBlock(stream, style.width) : undefined;
  const started = now();
  let first: EvaluationProgress | undefined;
  let last: EvaluationProgress | undefined;
  let tenthShown = -1;
  let written: EvaluationProgress | undefined;
  const line = (progress: EvaluationProgress) => {
    const share = progress.total === 0 ? 1 : progress.done / progress.total;
    const doneHere = progress.done - (first?.done ?? progress.done);
    const remaining = progress.total - progress.done;
    const eta = doneHere > 0 ? ((now() - started) / doneHere) * remaining : remaining === 0 ? 0 : undefined;
    const spent =
      progress.maxCostUsd === null
        ? usd(progress.spentUsd)
        : `${usd(progress.spentUsd)} of ${usd(progress.maxCostUsd)}`;
    const phase = progress.phase === "first-pass" ? "first pass" : "answers";
    const latest = progress.latest ? `  ${terminalSafe(progress.latest)}` : "";
    if (!block) {
      return `ai-universe: eval ${phase}: ${progress.done}/${progress.total} (${Math.floor(share * 100)}%), ETA ${timeLeft(eta)}, ${spent} spent${latest}`;
    }
    const width = 24;
    const filled = Math.round(share * width);
    const bar = `${colors.cyan("█".repeat(filled))}${colors.dim("░".repeat(width - filled))}`;
    return `${phase} ${bar} ${progress.done}/${progress.total} ${Math.floor(share * 100)}%  ETA ${timeLeft(eta)}  ${spent}${colors.dim(latest)}`;
  };
  return {
    update(progress) {
      first ??= progress;
      last = progress;
      if (block) {
        block.draw([line(progress)]);
        return;
      }
      const tenth = progress.total === 0 ? 10 : Math.floor((progress.done / progress.total) * 10);
      if (tenth > tenthShown) {
        tenthShown = tenth;
        written = progress;
        stream.write(`${line(progress)}\n`);
      }
    },
    finish() {
      if (!last) return;
      if (block) block.finish([line(last)]);
      else if (written !== last) stream.write(`${line(last)}\n`);
    },
  };
}
