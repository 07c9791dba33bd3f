// The model-latencies port on SQLite: one row of the settings table, merged in one write.

import type { ModelLatencyStore } from "../model-latencies.ts";
import { parseLatencies } from "../rows.ts";
import type { SqliteConnection } from "./connection.ts";

/** The settings row holding the models' recent latencies. */
const name = "model-latencies";

/** The saved latencies of `connection`. */
export function sqliteModelLatencies(connection: SqliteConnection): ModelLatencyStore {
  const get = connection.database.prepare("SELECT value FROM settings WHERE name = ?");
  const put = connection.database.prepare(
    "INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
  );
  return {
    async read() {
      return parseLatencies((await connection.read(() => get.get(name)))?.value);
    },

    async save(latencies) {
      await connection.write(() => {
        const stored = parseLatencies(get.get(name)?.value);
        put.run(name, JSON.stringify({ ...stored, ...latencies }));
      });
    },
  };
}
