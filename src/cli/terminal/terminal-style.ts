// How the terminal commands may write: colour and live redrawing only on a terminal, and neither when
// NO_COLOR is set (https://no-color.org) or TERM is dumb: then plain lines, no spinner, no cursor moves.

import picocolors from "picocolors";

/** What a stream may show. */
export interface TerminalStyle {
  /** Colours, or identity functions when colour is off. */
  colors: ReturnType<typeof picocolors.createColors>;
  colored: boolean;
  /** Whether lines may be redrawn in place (spinners); never without colour. */
  live: boolean;
  /** Characters per line, for wrapping. */
  width: number;
}

/** The style of `stream` under `environment`. */
export function terminalStyle(
  stream: NodeJS.WriteStream,
  environment: Record<string, string | undefined>,
): TerminalStyle {
  const terminal = stream.isTTY === true && environment.TERM !== "dumb";
  const colored = terminal && environment.NO_COLOR === undefined;
  return {
    colors: picocolors.createColors(colored),
    colored,
    // A terminal that reports no size (a pseudo-terminal nobody sized) cannot be redrawn in place.
    live: colored && (stream.rows ?? 0) > 0,
    width: Math.min(Math.max(stream.columns ?? 100, 40), 120),
  };
}
