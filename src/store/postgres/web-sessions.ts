// The web-sessions port on PostgreSQL.

import { toWebSessionRecord } from "../rows.ts";
import type { WebSessionStore } from "../web-sessions.ts";
import type { PostgresConnection } from "./connection.ts";

/** The web sessions of `connection`. */
export function postgresWebSessions(connection: PostgresConnection): WebSessionStore {
  return {
    async save(record) {
      await connection.query("DELETE FROM web_sessions WHERE expires_at < $1", [record.createdAt]);
      await connection.query(
        `INSERT INTO web_sessions (hash, user_id, tier, credential_id, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [record.hash, record.userId, record.tier, record.credentialId, record.createdAt, record.expiresAt],
      );
    },

    async find(hash, now) {
      const result = await connection.query(
        `SELECT hash, user_id, tier, credential_id, created_at, expires_at FROM web_sessions
         WHERE hash = $1 AND expires_at >= $2`,
        [hash, now],
      );
      const row = result.rows[0];
      return row ? toWebSessionRecord(row) : undefined;
    },

    async delete(hash) {
      return ((await connection.query("DELETE FROM web_sessions WHERE hash = $1", [hash])).rowCount ?? 0) > 0;
    },
  };
}
