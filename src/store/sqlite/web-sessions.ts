// The web-sessions port on SQLite.

import { toWebSessionRecord } from "../rows.ts";
import type { WebSessionStore } from "../web-sessions.ts";
import type { SqliteConnection } from "./connection.ts";

/** The web sessions of `connection`. */
export function sqliteWebSessions(connection: SqliteConnection): WebSessionStore {
  const { database } = connection;
  const deleteExpired = database.prepare("DELETE FROM web_sessions WHERE expires_at < ?");
  const insert = database.prepare(
    `INSERT INTO web_sessions (hash, user_id, tier, credential_id, created_at, expires_at)
     VALUES (:hash, :userId, :tier, :credentialId, :createdAt, :expiresAt)`,
  );
  const find = database.prepare(
    "SELECT hash, user_id, tier, credential_id, created_at, expires_at FROM web_sessions WHERE hash = ? AND expires_at >= ?",
  );
  const remove = database.prepare("DELETE FROM web_sessions WHERE hash = ?");
  return {
    async save(record) {
      await connection.write(() => {
        deleteExpired.run(record.createdAt);
        insert.run({ ...record });
      });
    },

    async find(hash, now) {
      const row = await connection.read(() => find.get(hash, now));
      return row ? toWebSessionRecord(row) : undefined;
    },

    async delete(hash) {
      return Number((await connection.write(() => remove.run(hash))).changes) > 0;
    },
  };
}
