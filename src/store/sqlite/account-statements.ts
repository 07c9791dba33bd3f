// The SQL of the accounts part of the SQLite store (API keys, spend), prepared once per connection.

import type { DatabaseSync, StatementSync } from "node:sqlite";

/** Statements of the accounts tables. */
export interface AccountStatements {
  insertApiKey: StatementSync;
  findApiKey: StatementSync;
  listApiKeys: StatementSync;
  revokeApiKey: StatementSync;
  addSpend: StatementSync;
  spendOn: StatementSync;
}

const apiKeyColumns = "id, user_id, tier, hash, created_at, revoked_at";

/** Prepares {@link AccountStatements}; the schema must already be migrated. */
export function prepareAccountStatements(database: DatabaseSync): AccountStatements {
  return {
    insertApiKey: database.prepare(
      `INSERT INTO api_keys (${apiKeyColumns}) VALUES (:id, :userId, :tier, :hash, :createdAt, NULL)`,
    ),
    findApiKey: database.prepare(`SELECT ${apiKeyColumns} FROM api_keys WHERE id = ?`),
    listApiKeys: database.prepare(`SELECT ${apiKeyColumns} FROM api_keys ORDER BY created_at DESC, id`),
    revokeApiKey: database.prepare("UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL"),
    addSpend: database.prepare(
      `INSERT INTO spend (user_id, day, usd) VALUES (?, ?, ?)
       ON CONFLICT (user_id, day) DO UPDATE SET usd = usd + excluded.usd`,
    ),
    spendOn: database.prepare("SELECT usd FROM spend WHERE user_id = ? AND day = ?"),
  };
}
