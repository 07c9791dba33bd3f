// How the PostgreSQL store's modules run SQL: one statement through the store's pool (a lost
// connection becomes store_unavailable), and keyset pages newest first.

import type pg from "pg";

/** Runs one statement. */
export type PostgresQuery = (sql: string, parameters?: unknown[]) => Promise<pg.QueryResult>;

/**
 * One page (plus one row, to tell whether more follow) of `select` rows of `owner`, newest first by
 * (`orderColumn`, id), after the row at `after` when given.
 */
export async function keysetRows(
  query: PostgresQuery,
  select: string,
  orderColumn: string,
  owner: string,
  after: { at: string; id: string } | undefined,
  limit: number,
): Promise<Record<string, unknown>[]> {
  const order = `ORDER BY ${orderColumn} DESC, id DESC`;
  const result = after
    ? await query(`${select} WHERE user_id = $1 AND (${orderColumn}, id) < ($2, $3) ${order} LIMIT $4`, [
        owner,
        after.at,
        after.id,
        limit + 1,
      ])
    : await query(`${select} WHERE user_id = $1 ${order} LIMIT $2`, [owner, limit + 1]);
  return result.rows;
}
