// The accounts part of the PostgreSQL store: API keys (their hashes) and spend per user per day.

import type { AccountStore, ApiKeyRecord } from "../accounts.ts";
import { toApiKeyRecord } from "../rows.ts";
import type { PostgresQuery } from "./postgres-query.ts";

const apiKeyColumns = "id, user_id, tier, hash, created_at, revoked_at";

/** The account methods of the store, over `query`. */
export function postgresAccounts(query: PostgresQuery): Omit<AccountStore, "limiterBackend"> {
  return {
    async saveApiKey(record: ApiKeyRecord): Promise<void> {
      await query(`INSERT INTO api_keys (${apiKeyColumns}) VALUES ($1, $2, $3, $4, $5, NULL)`, [
        record.id,
        record.userId,
        record.tier,
        record.hash,
        record.createdAt,
      ]);
    },

    async findApiKey(id: string): Promise<ApiKeyRecord | undefined> {
      const row = (await query(`SELECT ${apiKeyColumns} FROM api_keys WHERE id = $1`, [id])).rows[0];
      return row === undefined ? undefined : toApiKeyRecord(row);
    },

    async listApiKeys(): Promise<ApiKeyRecord[]> {
      return (await query(`SELECT ${apiKeyColumns} FROM api_keys ORDER BY created_at DESC, id`)).rows.map(
        toApiKeyRecord,
      );
    },

    async revokeApiKey(id: string, at: string): Promise<boolean> {
      const result = await query("UPDATE api_keys SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL", [
        at,
        id,
      ]);
      return (result.rowCount ?? 0) > 0;
    },

    async addSpend(owner: string, day: string, usd: number): Promise<void> {
      await query(
        `INSERT INTO spend (user_id, day, usd) VALUES ($1, $2, $3)
         ON CONFLICT (user_id, day) DO UPDATE SET usd = spend.usd + excluded.usd`,
        [owner, day, usd],
      );
    },

    async spendOn(owner: string, day: string): Promise<number> {
      return Number(
        (await query("SELECT usd FROM spend WHERE user_id = $1 AND day = $2", [owner, day])).rows[0]?.usd ??
          0,
      );
    },
  };
}
