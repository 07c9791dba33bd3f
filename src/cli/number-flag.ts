// Numeric flags (`--limit 20`, `--max-cost 0.5`) read from a parsed command line, each within its bounds,
// with one message for a value that is not such a number, and one for a number too large to be finite.

import { CommandLineError } from "./command-error.ts";

/** Reads numeric flag `name` from `values`: undefined when absent; throws CommandLineError when out of bounds. */
export type NumberFlag = (
  name: string,
  minimum: number,
  maximum: number,
  whole?: boolean,
) => number | undefined;

/** The reader of `command`'s numeric flags in `values`. */
export function numberFlags(values: Record<string, unknown>, command: string): NumberFlag {
  return (name, minimum, maximum, whole = true) => {
    const raw = values[name] as string | undefined;
    if (raw === undefined) return undefined;
    const value = Number(raw);
    if (!Number.isFinite(Number.parseFloat(raw)) && /^\s*[-+]?(\d|\.\d)/.test(raw)) {
      // A number written out, but past what a number can hold (1e400 reads as Infinity).
      throw new CommandLineError(
        `--${name} "${raw}" is too ${raw.trim().startsWith("-") ? "small" : "large"}: give a number from ${minimum} to ${maximum}.`,
        command,
      );
    }
    if (
      !Number.isFinite(value) ||
      value < minimum ||
      value > maximum ||
      (whole && !Number.isInteger(value))
    ) {
      throw new CommandLineError(
        `--${name} "${raw}" is not a number from ${minimum} to ${maximum}.`,
        command,
      );
    }
    return value;
  };
}
