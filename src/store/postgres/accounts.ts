// The accounts port on PostgreSQL: API keys (their hashes).

import type { AccountStore } from "../accounts.ts";
import { toApiKeyRecord } from "../rows.ts";
import type { PostgresConnection } from "./connection.ts";

const columns = "id, user_id, tier, hash, created_at, revoked_at";

/** The API keys of `connection`. */
export function postgresAccounts(connection: PostgresConnection): AccountStore {
  return {
    async saveKey(record) {
      await connection.query(`INSERT INTO api_keys (${columns}) VALUES ($1, $2, $3, $4, $5, NULL)`, [
        record.id,
        record.userId,
        record.tier,
        record.hash,
        record.createdAt,
      ]);
    },

    async findKey(id) {
      const row = (await connection.query(`SELECT ${columns} FROM api_keys WHERE id = $1`, [id])).rows[0];
      return row === undefined ? undefined : toApiKeyRecord(row);
    },

    async listKeys() {
      const result = await connection.query(`SELECT ${columns} FROM api_keys ORDER BY created_at DESC, id`);
      return result.rows.map(toApiKeyRecord);
    },

    async revokeKey(id, at) {
      const result = await connection.query(
        "UPDATE api_keys SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL",
        [at, id],
      );
      return (result.rowCount ?? 0) > 0;
    },
  };
}
