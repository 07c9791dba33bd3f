// The live view of a running consultation: one line per model that spins while the model thinks and
// turns into ✓ or ✗ with latency, tokens and cost when it finishes, with the last line of its answer so
// far beneath it; then each debate round (with each model's revision forming), each reviewer, and the
// synthesis the same way; an adaptive consultation's escalation to the whole panel gets its own line.
// Redrawn in place (live-block.ts, cli-spinners) on a terminal that may show colour; elsewhere (a pipe,
// NO_COLOR, TERM=dumb) one plain line per finished step, no text and no cursor movement.

import cliSpinners from "cli-spinners";
import type { ConsultationEvent } from "../../contract/progress-events.ts";
import { boardRows, elapsed, type Row } from "./board-rows.ts";
import { liveBlock } from "./live-block.ts";
import type { TerminalStyle } from "./terminal-style.ts";

/** A progress board on `stream`. */
export interface ProgressBoard {
  /** Whether the board redraws in place, so answers forming can be shown (ask for `stream` then). */
  readonly live: boolean;
  onEvent(event: ConsultationEvent): void;
  /** Leaves the final lines in place; `completed` marks a debate round still open as over. */
  stop(completed?: boolean): void;
}

const indent = "    ";

/** A progress board on `stream`; `onEvent` feeds it, `stop` leaves the final lines in place. */
export function progressBoard(stream: NodeJS.WriteStream, style: TerminalStyle): ProgressBoard {
  const { colors } = style;
  const block = style.live ? liveBlock(stream, style.width) : undefined;
  const board = boardRows(block ? () => {} : (line) => stream.write(`${line}\n`));
  const spinner = cliSpinners.dots;
  let frame = 0;
  let stopped = false;
  const render = () => {
    if (!block) return;
    const room = Math.max(10, (stream.columns || style.width) - indent.length - 1);
    const lines = [...board.rows.values()].flatMap((row) => {
      if (row.state !== "running") {
        const mark = row.state === "done" ? colors.green("✓") : colors.red("✗");
        return [`${mark} ${row.label} ${colors.dim(row.detail)}`];
      }
      const head = `${colors.cyan(spinner.frames[frame % spinner.frames.length] ?? "-")} ${row.label} ${colors.dim(elapsed(row))}`;
      return stopped ? [head] : [head, ...formingLines(row, room, style)];
    });
    if (stopped) block.finish(lines);
    else block.draw(lines);
  };
  const timer = block
    ? setInterval(() => {
        frame += 1;
        render();
      }, spinner.interval)
    : undefined;
  timer?.unref();

  return {
    live: block !== undefined,
    onEvent(event: ConsultationEvent) {
      board.apply(event);
      render();
    },
    stop(completed = false) {
      if (timer) clearInterval(timer);
      if (completed) board.closeRound();
      stopped = true;
      render();
    },
  };
}

/** The last line of each answer forming under `row`, indented, cut to `room` columns. */
function formingLines(row: Row, room: number, { colors }: TerminalStyle): string[] {
  return [...row.texts].flatMap(([author, forming]) => {
    const line = forming.preview(room - (author ? author.length + 2 : 0));
    return line ? [`${indent}${colors.dim(author ? `${author}: ${line}` : line)}`] : [];
  });
}
