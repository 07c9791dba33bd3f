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
    if (inTransaction(database)) database.exec("ROLLBACK");
    throw error;
  }
}

/**
 * Whether a transaction is open on `database`: `isTransaction` where this Node has it (22.13 has not), else
 * found out by trying to begin one (which fails inside a transaction) and ending it again.
 */
export function inTransaction(database: DatabaseSync): boolean {
  const known = (database as { isTransaction?: unknown }).isTransaction;
  if (typeof known === "boolean") return known;
  try {
    database.exec("BEGIN");
  } catch {
    return true;
  }
  database.exec("ROLLBACK");
  return false;
}
