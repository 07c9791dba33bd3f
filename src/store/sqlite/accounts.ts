// The accounts port on SQLite: API keys (their hashes).

import type { AccountStore } from "../accounts.ts";
import { toApiKeyRecord } from "../rows.ts";
import type { SqliteConnection } from "./connection.ts";

const columns = "id, user_id, tier, hash, created_at, revoked_at";

/** The API keys of `connection`. */
export function sqliteAccounts(connection: SqliteConnection): AccountStore {
  const { database } = connection;
  const insert = database.prepare(
    `INSERT INTO api_keys (${columns}) VALUES (:id, :userId, :tier, :hash, :createdAt, NULL)`,
  );
  const find = database.prepare(`SELECT ${columns} FROM api_keys WHERE id = ?`);
  const list = database.prepare(`SELECT ${columns} FROM api_keys ORDER BY created_at DESC, id`);
  const revoke = database.prepare("UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL");
  return {
    async saveKey(record) {
      const { id, userId, tier, hash, createdAt } = record;
      await connection.write(() => insert.run({ id, userId, tier, hash, createdAt }));
    },

    async findKey(id) {
      const row = await connection.read(() => find.get(id));
      return row === undefined ? undefined : toApiKeyRecord(row);
    },

    async listKeys() {
      return (await connection.read(() => list.all())).map(toApiKeyRecord);
    },

    async revokeKey(id, at) {
      return Number((await connection.write(() => revoke.run(at, id))).changes) > 0;
    },
  };
}
