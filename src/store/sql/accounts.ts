// The accounts port on either backend: API keys (their hashes).

import type { AccountStore } from "../accounts.ts";
import { toApiKeyRecord } from "../rows.ts";
import { changedAny, type SqlDatabase } from "./database.ts";

const columns = ["id", "user_id", "tier", "hash", "created_at", "revoked_at"];

/** The API keys of `database`. */
export function sqlAccounts(database: SqlDatabase): AccountStore {
  const keys = database.builder.selectFrom("api_keys").select(columns);
  return {
    async saveKey({ id, userId, tier, hash, createdAt }) {
      const values = { id, user_id: userId, tier, hash, created_at: createdAt, revoked_at: null };
      await database.write(database.builder.insertInto("api_keys").values(values));
    },

    async findKey(id) {
      const row = (await database.read(keys.where("id", "=", id))).rows[0];
      return row === undefined ? undefined : toApiKeyRecord(row);
    },

    async listKeys() {
      return (await database.read(keys.orderBy("created_at", "desc").orderBy("id"))).rows.map(toApiKeyRecord);
    },

    async revokeKey(id, at) {
      const revoked = database.builder
        .updateTable("api_keys")
        .set({ revoked_at: at })
        .where("id", "=", id)
        .where("revoked_at", "is", null);
      return changedAny(await database.write(revoked));
    },
  };
}
