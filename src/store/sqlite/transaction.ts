// Runs work inside one SQLite write transaction, rolling back on any error.

import type { DatabaseSync } from "node:sqlite";

/**
 * Runs `work` between `BEGIN IMMEDIATE` and `COMMIT`. IMMEDIATE takes the write lock up front, so
 * connections from other processes on the same file wait (up to the busy timeout) instead of failing
 * halfway through. Any error rolls the whole transaction back and is rethrown unchanged.
 */
export function inWriteTransaction<T>(database: DatabaseSync, work: () => T): T {
  database.exec("BEGIN IMMEDIATE");
  try {
    const result = work();
    database.exec("COMMIT");
    return result;
  } catch (error) {
    if (database.isTransaction) database.exec("ROLLBACK");
    throw error;
  }
}
