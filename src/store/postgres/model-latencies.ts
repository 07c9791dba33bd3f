// The model-latencies port on PostgreSQL: one row of the settings table. A save merges into what
// other nodes saved in one statement, so nodes never overwrite each other's models.

import type { ModelLatencyStore } from "../model-latencies.ts";
import { parseLatencies } from "../rows.ts";
import type { PostgresConnection } from "./connection.ts";

/** The saved latencies of `connection`. */
export function postgresModelLatencies(connection: PostgresConnection): ModelLatencyStore {
  return {
    async read() {
      const result = await connection.query("SELECT value FROM settings WHERE name = 'model-latencies'");
      return parseLatencies(result.rows[0]?.value);
    },

    async save(latencies) {
      await connection.query(
        `INSERT INTO settings (name, value) VALUES ('model-latencies', $1) ON CONFLICT (name)
         DO UPDATE SET value = (settings.value::jsonb || excluded.value::jsonb)::text`,
        [JSON.stringify(latencies)],
      );
    },
  };
}
