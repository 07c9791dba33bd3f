// The request-counters port on SQLite: rate-limiter-flexible's SQLite limiter on the store's own
// connection (one upsert in a write transaction per count), in the `rate_limits` table the migrations
// made. Every process on the file shares the counts; while another holds its write lock, a count waits
// for it on a timer, and one that cannot be made in time fails as store_unavailable.

import { RateLimiterSQLite } from "rate-limiter-flexible";
import { limiterCounters } from "../limiter-counters.ts";
import type { RequestCounterStore } from "../request-counters.ts";
import { retryWhileBusy } from "./busy-retry.ts";
import type { SqliteConnection } from "./connection.ts";
import { inWriteTransaction } from "./transaction.ts";

/** The request counters of `connection`. */
export function sqliteRequestCounters(connection: SqliteConnection, location: string): RequestCounterStore {
  const { database } = connection;
  // The part of better-sqlite3's surface the limiter uses, over node:sqlite.
  const client = {
    prepare: (sql: string) => database.prepare(sql),
    transaction:
      <T>(work: () => T) =>
      () =>
        inWriteTransaction(database, work),
  };
  return limiterCounters({
    location,
    create: (options) =>
      new RateLimiterSQLite({
        ...options,
        storeClient: client,
        storeType: "better-sqlite3",
        tableName: "rate_limits",
        tableCreated: true,
        clearExpiredByTimeout: false,
      }),
    run: (operation) => retryWhileBusy(operation, connection.busyWaitMs, connection.location),
  });
}
