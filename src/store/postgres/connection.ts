// The PostgreSQL pool every port of the PostgreSQL store runs its SQL through: one statement, or one
// transaction on one connection. A connection that is lost or refused becomes
// store_unavailable, naming the server (never its password).

import type pg from "pg";
import { StoreUnavailableError } from "../store-errors.ts";

/** PostgreSQL's codes for a write it refuses: a read-only transaction (or a standby), no privilege. */
const readOnlyCodes = new Set(["25006", "42501"]);

/** What the operator does about a database that cannot be written. */
const writeAccessFix =
  "Give the database user write access (and turn default_transaction_read_only off), then restart; nothing is saved meanwhile.";

/** The pool the ports share. Build it with `openPostgresStore`. */
export class PostgresConnection {
  readonly pool: pg.Pool;
  /** The server and database, password hidden, for messages. */
  readonly where: string;
  /** The database URL, for connections outside the pool (LISTEN). */
  readonly url: string;

  constructor(pool: pg.Pool, where: string, url: string) {
    this.pool = pool;
    this.where = where;
    this.url = url;
  }

  /** Runs one statement. */
  async query(sql: string, parameters: unknown[] = []): Promise<pg.QueryResult> {
    try {
      return await this.pool.query(sql, parameters);
    } catch (error) {
      throw this.unavailable(error);
    }
  }

  /** Runs `work` in one transaction on one connection, rolling back on any error. */
  async transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      throw this.unavailable(error);
    }
    try {
      await client.query("BEGIN");
      const result = await work(client);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      throw this.unavailable(error);
    } finally {
      client.release();
    }
  }

  /** A connection failure, or a write the database refuses (read-only), as `store_unavailable`; any other error unchanged. */
  unavailable(error: unknown): unknown {
    const code = (error as { code?: string }).code ?? "";
    if (readOnlyCodes.has(code)) {
      return new StoreUnavailableError(
        `The PostgreSQL database ${this.where} cannot be written (${(error as Error).message}). ${writeAccessFix}`,
        { cause: error },
      );
    }
    const connection = /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|57P0[1-3]|08\d{3})$/.test(code);
    if (!connection) return error;
    return new StoreUnavailableError(
      `The PostgreSQL database ${this.where} cannot be reached (${code}). Check that it runs; the answer was not saved.`,
      { cause: error },
    );
  }

  /** Why this database cannot be written (read-only transactions, a replica, no right to insert), or undefined. */
  async unwritable(): Promise<string | undefined> {
    const { rows } = await this.pool.query(
      `SELECT current_setting('transaction_read_only') = 'on' AS read_only, pg_is_in_recovery() AS replica,
              coalesce(has_table_privilege('messages', 'INSERT'), false) AS may_insert`,
    );
    const state = rows[0] as { read_only: boolean; replica: boolean; may_insert: boolean } | undefined;
    const reason = state?.replica
      ? "it is a replica in recovery"
      : state?.read_only
        ? "its transactions are read-only (default_transaction_read_only)"
        : state?.may_insert === false
          ? "this user may not insert into its tables"
          : undefined;
    return reason && `The PostgreSQL database ${this.where} cannot be written: ${reason}. ${writeAccessFix}`;
  }
}
