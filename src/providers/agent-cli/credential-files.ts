// Reads of the files an agent CLI keeps its sign-in in, for its spec's `signedIn`: whether one is there
// and whether it holds a word. Nothing is kept or shown, and no file is written.

import { existsSync, readFileSync } from "node:fs";

/** Whether `path` exists. */
export function fileExists(path: string): boolean {
  return existsSync(path);
}

/** Whether the file at `path` (at most its first 1 MB) holds one of `words`; false when it cannot be read. */
export function fileHolds(path: string, words: readonly string[]): boolean {
  try {
    const text = readFileSync(path, "utf8").slice(0, 1_000_000);
    return words.some((word) => text.includes(word));
  } catch {
    return false;
  }
}

/** A whole number of tokens in `value`, else undefined. */
export function tokens(value: unknown): number | undefined {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : undefined;
}
