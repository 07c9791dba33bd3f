// Opens the PostgreSQL store: a connection pool, the schema brought up to date (once, however many
// nodes start together), and start-up errors as one line naming the server and what to do, never
// the password.

import pg from "pg";
import { redactedUrl } from "../redacted-url.ts";
import type { Store } from "../store.ts";
import { StoreOpenError } from "../store-errors.ts";
import { PostgresConnection } from "./connection.ts";
import { applyPostgresMigrations } from "./migrations.ts";
import { createPostgresStore } from "./postgres-store.ts";

/** Opens and migrates the database at `url`. Throws StoreOpenError. */
export async function openPostgresStore(url: string, options: { poolSize?: number } = {}): Promise<Store> {
  const where = redactedUrl(url, "postgres");
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
  });
  pool.on("error", () => {}); // an idle client's connection dropped: the pool replaces it
  try {
    await applyPostgresMigrations(pool);
  } catch (error) {
    await pool.end().catch(() => {});
    const reason = (error as Error).message.replaceAll(url, where);
    throw new StoreOpenError(
      `The PostgreSQL database ${where} cannot be used: ${reason} Check that the server runs, the URL (user, password, database) is right, and the user may create tables.`,
      { cause: error },
    );
  }
  return createPostgresStore(new PostgresConnection(pool, where, url));
}
