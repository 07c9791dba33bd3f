// The web-sessions part of the SQLite store: its statements and methods.

import type { DatabaseSync } from "node:sqlite";
import { toWebSessionRecord, type WebSessionStore } from "../web-sessions.ts";

/** Runs a statement, waiting for another program's lock on a timer. */
type Access = <T>(work: () => T) => Promise<T>;

/** The web-session methods of the store, over `database` (migrated). */
export function sqliteWebSessions(database: DatabaseSync, read: Access, write: Access): WebSessionStore {
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
    async saveWebSession(record) {
      await write(() => {
        deleteExpired.run(record.createdAt);
        insert.run({ ...record });
      });
    },

    async findWebSession(hash, now) {
      const row = await read(() => find.get(hash, now));
      return row ? toWebSessionRecord(row) : undefined;
    },

    async deleteWebSession(hash) {
      return Number((await write(() => remove.run(hash))).changes) > 0;
    },
  };
}
