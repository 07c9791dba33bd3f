// Waiting for what a child process writes: resolves as soon as the text so far matches a pattern,
// checked on every chunk of its stream, and rejects with what was written when it does not in time.

import type { Readable } from "node:stream";

/**
 * Resolves once `written()` matches `pattern`, looked at now and after every chunk `stream` emits;
 * rejects after `timeoutMs`, naming `who` and showing the text.
 */
export function untilWritten(
  stream: Readable | null | undefined,
  written: () => string,
  pattern: RegExp,
  timeoutMs: number,
  who: string,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const check = () => {
      if (!pattern.test(written())) return;
      stop();
      resolve();
    };
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`${who} did not write ${pattern} within ${timeoutMs} ms:\n${written()}`));
    }, timeoutMs);
    const stop = () => {
      clearTimeout(timer);
      stream?.off("data", check);
    };
    stream?.on("data", check);
    check();
  });
}
