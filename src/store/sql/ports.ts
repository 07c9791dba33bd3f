// The ports both backends serve with the same queries, over a database of either (database.ts).

import type { Store } from "../store.ts";
import { sqlAccounts } from "./accounts.ts";
import type { SqlDatabase } from "./database.ts";
import { sqlEvaluations } from "./evaluations.ts";
import { sqlIdempotency } from "./idempotency.ts";
import { sqlModelLatencies } from "./model-latencies.ts";
import { sqlSpend } from "./spend.ts";
import { sqlStreamEvents } from "./stream-events.ts";
import { sqlTasks } from "./tasks.ts";
import { sqlWebSessions } from "./web-sessions.ts";

/** The shared ports of a store over `database`. */
export function sqlPorts(
  database: SqlDatabase,
): Pick<
  Store,
  | "idempotency"
  | "accounts"
  | "spend"
  | "tasks"
  | "streamEvents"
  | "webSessions"
  | "modelLatencies"
  | "evaluations"
> {
  return {
    idempotency: sqlIdempotency(database),
    accounts: sqlAccounts(database),
    spend: sqlSpend(database),
    tasks: sqlTasks(database),
    streamEvents: sqlStreamEvents(database),
    webSessions: sqlWebSessions(database),
    modelLatencies: sqlModelLatencies(database),
    evaluations: sqlEvaluations(database),
  };
}
