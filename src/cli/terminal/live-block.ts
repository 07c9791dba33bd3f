// A block of lines redrawn in place at the bottom of a terminal, as the progress board's spinners are.
// Each redraw goes back up over every row the previous frame took (a line wider than the terminal
// takes several), erases from there to the end of the screen and writes the new frame, all in one
// write: no row of an earlier frame can stay behind, whatever changed between the two. (log-update
// patches only the lines that differ, and left a stale line beneath the live one when a line in the
// middle went away.)

import stringWidth from "string-width";

/** Lines redrawn in place on a terminal stream. */
export interface LiveBlock {
  /** Replaces the block on screen with `lines` (its top lines left out when it is taller than the screen). */
  draw(lines: readonly string[]): void;
  /** Replaces the block with `lines` in full and leaves them there; the block draws nothing after. */
  finish(lines: readonly string[]): void;
}

const csi = "\u001b[";
// Terminals that know it show a frame only once it is whole (mode 2026); the others ignore it.
const synchronizedStart = `${csi}?2026h`;
const synchronizedEnd = `${csi}?2026l`;

/** The rows `line` takes on a terminal `columns` wide, wrapped. */
export function rowsOf(line: string, columns: number): number {
  return Math.max(1, Math.ceil(stringWidth(line) / Math.max(1, columns)));
}

/** A live block on `stream`, a terminal; `fallbackColumns` when it does not report its width. */
export function liveBlock(stream: NodeJS.WriteStream, fallbackColumns = 80): LiveBlock {
  /** The lines on screen now, to count the rows to erase at the width of the moment. */
  let shown: readonly string[] = [];
  let finished = false;
  const columns = () => stream.columns || fallbackColumns;
  const rows = (lines: readonly string[]) => lines.reduce((sum, line) => sum + rowsOf(line, columns()), 0);
  const replace = (lines: readonly string[]) => {
    const height = rows(shown);
    // From the start of the line below the block: up to its first row, and clear everything below.
    const erase = height > 0 ? `\r${csi}${height}A${csi}J` : "";
    const text = lines.length > 0 ? `${lines.join("\n")}\n` : "";
    stream.write(`${synchronizedStart}${erase}${text}${synchronizedEnd}`);
    shown = lines;
  };
  return {
    draw(lines) {
      if (finished) return;
      // Rows that scrolled off the top cannot be reached to be erased: keep the block on the screen.
      const room = Math.max(1, (stream.rows || 24) - 1);
      let fitted = lines;
      while (fitted.length > 1 && rows(fitted) > room) fitted = fitted.slice(1);
      if (fitted.length === shown.length && fitted.every((line, index) => line === shown[index])) return;
      replace(fitted);
    },
    finish(lines) {
      if (finished) return;
      replace(lines);
      finished = true;
    },
  };
}
