// The SQLite store: one connection (see connection.ts) and a port of each kind over it, with what
// concerns the file as a whole: its health, its signing key, closing it. Build it with openSqliteStore.

import { randomBytes } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
import { countersAtFirstUse } from "../request-counters.ts";
import { sqlPorts } from "../sql/ports.ts";
import type { Store, StoreHealth } from "../store.ts";
import { StoreUnavailableError } from "../store-errors.ts";
import { processBroadcast } from "./broadcast.ts";
import { SqliteConnection, type SqliteConnectionOptions } from "./connection.ts";
import { sqliteConversations } from "./conversations.ts";
import { sqliteDatabase } from "./sql-database.ts";

/** The settings row holding the signing key. */
const signingKeyName = "signing-key";

/** The store over `database`, which must be open and migrated; it takes ownership of it. */
export function createSqliteStore(database: DatabaseSync, options: SqliteConnectionOptions): Store {
  const connection = new SqliteConnection(database, options);
  const sqlDatabase = sqliteDatabase(connection);
  const ping = database.prepare("SELECT 1 AS ok");
  const getSetting = database.prepare("SELECT value FROM settings WHERE name = ?");
  const insertSetting = database.prepare(
    "INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING",
  );
  let ephemeralKey: string | undefined;

  return {
    ...sqlPorts(sqlDatabase),
    conversations: sqliteConversations(connection, sqlDatabase),
    requestCounters: countersAtFirstUse("the database", async (location) =>
      (await import("./request-counters.ts")).sqliteRequestCounters(connection, location),
    ),
    broadcast: processBroadcast(),

    async health(): Promise<StoreHealth> {
      try {
        await connection.read(() => ping.get());
      } catch (error) {
        return { reachable: false, writable: false, error: (error as Error).message };
      }
      const unwritable = connection.unwritable();
      return unwritable
        ? { reachable: true, writable: false, error: unwritable }
        : { reachable: true, writable: true };
    },

    async signingKey() {
      const stored = await connection.read(() => getSetting.get(signingKeyName));
      if (stored !== undefined) return String(stored.value);
      try {
        const key = randomBytes(32).toString("base64url");
        await connection.write(() => insertSetting.run(signingKeyName, key));
      } catch (error) {
        // A read-only database without a key: this process signs with a key of its own.
        if (!(error instanceof StoreUnavailableError)) throw error;
        ephemeralKey ??= randomBytes(32).toString("base64url");
        return ephemeralKey;
      }
      return String((await connection.read(() => getSetting.get(signingKeyName)))?.value);
    },

    async close() {
      connection.close();
    },
  };
}
