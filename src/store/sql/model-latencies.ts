// The model-latencies port on either backend: one row of the settings table. A save merges into what
// was saved (by other processes or nodes too) in one statement, so none overwrites another's models.

import { sql } from "kysely";
import type { ModelLatencyStore } from "../model-latencies.ts";
import { parseLatencies } from "../rows.ts";
import type { SqlDatabase } from "./database.ts";

/** The settings row holding the models' recent latencies. */
const name = "model-latencies";

/** The saved latencies of `database`. */
export function sqlModelLatencies(database: SqlDatabase): ModelLatencyStore {
  const { builder } = database;
  // Each dialect's own JSON merge; SQLite's replaces a row that is not JSON, as a fresh start.
  const merged =
    database.dialect === "sqlite"
      ? sql`CASE WHEN json_valid(settings.value) THEN json_patch(settings.value, excluded.value) ELSE excluded.value END`
      : sql`(settings.value::jsonb || excluded.value::jsonb)::text`;
  return {
    async read() {
      const { rows } = await database.read(
        builder.selectFrom("settings").select("value").where("name", "=", name),
      );
      return parseLatencies(rows[0]?.value);
    },

    async save(latencies) {
      await database.write(
        builder
          .insertInto("settings")
          .values({ name, value: JSON.stringify(latencies) })
          .onConflict((conflict) => conflict.column("name").doUpdateSet({ value: merged })),
      );
    },
  };
}
