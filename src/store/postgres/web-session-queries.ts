// The web-sessions part of the PostgreSQL store.

import { toWebSessionRecord, type WebSessionStore } from "../web-sessions.ts";
import type { PostgresQuery } from "./postgres-query.ts";

/** The web-session methods of the store, over `query`. */
export function postgresWebSessions(query: PostgresQuery): WebSessionStore {
  return {
    async saveWebSession(record) {
      await query("DELETE FROM web_sessions WHERE expires_at < $1", [record.createdAt]);
      await query(
        `INSERT INTO web_sessions (hash, user_id, tier, credential_id, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [record.hash, record.userId, record.tier, record.credentialId, record.createdAt, record.expiresAt],
      );
    },

    async findWebSession(hash, now) {
      const result = await query(
        `SELECT hash, user_id, tier, credential_id, created_at, expires_at FROM web_sessions
         WHERE hash = $1 AND expires_at >= $2`,
        [hash, now],
      );
      const row = result.rows[0];
      return row ? toWebSessionRecord(row) : undefined;
    },

    async deleteWebSession(hash) {
      return ((await query("DELETE FROM web_sessions WHERE hash = $1", [hash])).rowCount ?? 0) > 0;
    },
  };
}
