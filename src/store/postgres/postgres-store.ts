// The PostgreSQL store, for many nodes on one database: one pool (see connection.ts) and a port of
// each kind over it, with what concerns the database as a whole: its health, its signing key, closing
// it. Build it with openPostgresStore.

import { randomBytes } from "node:crypto";
import { countersAtFirstUse } from "../request-counters.ts";
import { sqlPorts } from "../sql/ports.ts";
import type { Store } from "../store.ts";
import { postgresBroadcast } from "./broadcast.ts";
import type { PostgresConnection } from "./connection.ts";
import { postgresConversations } from "./conversations.ts";
import { postgresDatabase } from "./sql-database.ts";

/** The store over `connection`'s pool (migrated); closing the store ends the pool. */
export function createPostgresStore(connection: PostgresConnection): Store {
  const broadcast = postgresBroadcast(connection);
  const database = postgresDatabase(connection);
  let closed = false;
  return {
    ...sqlPorts(database),
    conversations: postgresConversations(connection, database),
    requestCounters: countersAtFirstUse("the PostgreSQL database", async (location) =>
      (await import("./request-counters.ts")).postgresRequestCounters(connection, location),
    ),
    broadcast: { publish: broadcast.publish, subscribe: broadcast.subscribe },

    async health() {
      try {
        const unwritable = await connection.unwritable();
        return unwritable
          ? { reachable: true, writable: false, error: unwritable }
          : { reachable: true, writable: true };
      } catch (error) {
        return {
          reachable: false,
          writable: false,
          error: `PostgreSQL ${connection.where}: ${(error as Error).message}`,
        };
      }
    },

    async signingKey() {
      const read = () => connection.query("SELECT value FROM settings WHERE name = 'signing-key'");
      const kept = await read();
      if (kept.rows[0]) return String(kept.rows[0].value);
      await connection.query(
        "INSERT INTO settings (name, value) VALUES ('signing-key', $1) ON CONFLICT (name) DO NOTHING",
        [randomBytes(32).toString("base64url")],
      );
      return String((await read()).rows[0]?.value);
    },

    async close() {
      if (closed) return;
      closed = true;
      await broadcast.close();
      await connection.pool.end();
    },
  };
}
