// Waiting for another program's lock without blocking the event loop: the connection's own busy wait
// is synchronous, so it is switched off and a locked statement is retried on a timer instead, while
// the server keeps answering other requests.

import { StoreUnavailableError } from "../store-errors.ts";

/** SQLite result codes this file and its callers read. */
export const sqliteCodes = {
  busy: 5,
  locked: 6,
  readOnly: 8,
  ioError: 10,
  corrupt: 11,
  full: 13,
  notADatabase: 26,
} as const;

/** The SQLite result code of an error thrown by node:sqlite, if any. */
export function sqliteCode(error: unknown): number | undefined {
  const code = (error as { errcode?: unknown })?.errcode;
  return typeof code === "number" ? code & 0xff : undefined;
}

/**
 * Runs `work`, retrying it with growing pauses while the database is locked by another connection,
 * for at most `waitMs`; then throws StoreUnavailableError naming the file. `work` may be async (then
 * a locked statement anywhere in it retries the whole of it, so it must be safe to run again).
 */
export async function retryWhileBusy<T>(
  work: () => T | Promise<T>,
  waitMs: number,
  location: string,
): Promise<T> {
  const started = performance.now();
  for (let pause = 2; ; pause = Math.min(pause * 2, 100)) {
    try {
      return await work();
    } catch (error) {
      const code = sqliteCode(error);
      if (code !== sqliteCodes.busy && code !== sqliteCodes.locked) throw error;
      if (performance.now() - started + pause > waitMs) {
        throw new StoreUnavailableError(
          `The database ${location} has been locked by another program for over ${Math.round(waitMs / 1000)} s (a backup, or a sqlite3 shell with an open transaction). Finish that program's transaction, then try again.`,
          { cause: error },
        );
      }
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}
