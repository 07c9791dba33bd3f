// The request-counters port on PostgreSQL: rate-limiter-flexible's PostgreSQL limiter on the store's
// pool (one atomic upsert per count), in the `rate_limits` table the migrations made, so every node on
// the database shares the counts. A count the database cannot take fails as store_unavailable.

import { RateLimiterPostgres } from "rate-limiter-flexible";
import { limiterCounters } from "../limiter-counters.ts";
import type { RequestCounterStore } from "../request-counters.ts";
import type { PostgresConnection } from "./connection.ts";

/** The request counters of `connection`. */
export function postgresRequestCounters(
  connection: PostgresConnection,
  location: string,
): RequestCounterStore {
  return limiterCounters({
    location,
    create: (options) =>
      new RateLimiterPostgres({
        ...options,
        storeClient: connection.pool,
        storeType: "pool",
        tableName: "rate_limits",
        tableCreated: true,
        clearExpiredByTimeout: false,
      }),
  });
}
