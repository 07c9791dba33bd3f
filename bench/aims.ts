// The bench's verdicts: each aim printed beside the figure it is judged on, "met" or "MISSED", by one
// printer for every mode. The aims a mode holds (issue 45's, in `npm run bench` without arguments) are
// printed together at the end of its run, and a missed one ends the run with exit code 1.

/** One aim: what it asks, the figure measured, and whether the figure meets it. */
export interface Aim {
  /** What is asked, bound included: "CPU <= 1.3x floor+sdk". */
  name: string;
  /** The measured figure, with its unit: "0.97x", "351 MB". */
  figure: string;
  met: boolean;
}

/** A ratio as a figure: "0.97x". */
export const times = (value: number) => `${value.toFixed(2)}x`;

/** An aim that `value` is at most `bound`; `figure` writes the value with its unit. */
export function atMost(name: string, value: number, bound: number, figure: (value: number) => string): Aim {
  return { name, figure: figure(value), met: value <= bound };
}

/** An aim that `value` is at least `bound`; `figure` writes the value with its unit. */
export function atLeast(name: string, value: number, bound: number, figure: (value: number) => string): Aim {
  return { name, figure: figure(value), met: value >= bound };
}

/** Prints each aim on a line: the verdict, the aim and, beside it, its figure. */
export function printAims(aims: readonly Aim[]): void {
  const width = Math.max(0, ...aims.map((aim) => aim.name.length)) + 2;
  for (const aim of aims)
    console.log(`${aim.met ? "met   " : "MISSED"} ${aim.name.padEnd(width)}${aim.figure.padStart(12)}`);
}

/**
 * Prints the aims a run holds under a heading and says on stderr how many were missed; true when every
 * one was met.
 */
export function printHeldAims(heading: string, aims: readonly Aim[]): boolean {
  console.log(`\n${heading}:`);
  printAims(aims);
  const missed = aims.filter((aim) => !aim.met).length;
  if (missed > 0) process.stderr.write(`bench: ${missed} of ${aims.length} aims missed\n`);
  return missed === 0;
}
