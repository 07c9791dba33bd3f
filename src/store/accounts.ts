// The accounts part of the storage port: API keys (only their hashes), the spend of each user per
// day (what running calls hold of it is in spend-reservations.ts), and where rate-limit counters live.
// Backends implement it next to the conversations, in the same database, so a team's keys, spend and
// limits survive restarts and are shared by every node.

/** A stored API key. The key itself is never stored: only `hash`, the SHA-256 of its secret part. */
export interface ApiKeyRecord {
  /** The public part of the key, shown by `keys list` and used to revoke it. */
  id: string;
  userId: string;
  tier: string;
  /** Hex SHA-256 of the secret part. */
  hash: string;
  createdAt: string;
  revokedAt: string | null;
}

/**
 * Where rate-limit counters are kept, as rate-limiter-flexible needs it: a SQLite client with the
 * better-sqlite3 surface (prepare, transaction), a PostgreSQL pool, or a Redis client. Each is shared
 * by every process on it; there is no per-process fallback, so a count is never made where other
 * processes cannot see it.
 */
export type LimiterBackend =
  | {
      kind: "sqlite";
      client: SqliteLimiterClient;
      tableName: string;
      /**
       * Runs a count, running it again while another connection (another process on the file) holds
       * the write lock, waiting on a timer; throws StoreUnavailableError when the lock is held too long.
       */
      whileLocked<T>(count: () => Promise<T>): Promise<T>;
    }
  | { kind: "postgres"; pool: unknown; tableName: string }
  | { kind: "redis"; client: unknown };

/** The part of a better-sqlite3 database that rate-limiter-flexible's SQLite limiter uses. */
export interface SqliteLimiterClient {
  prepare(sql: string): {
    run(...parameters: unknown[]): unknown;
    get(...parameters: unknown[]): unknown;
  };
  transaction<T>(work: () => T): () => T;
}

/** Accounts, spend and limits. */
export interface AccountStore {
  saveApiKey(record: ApiKeyRecord): Promise<void>;
  /** The key with this public id, revoked or not; undefined when there is none. */
  findApiKey(id: string): Promise<ApiKeyRecord | undefined>;
  /** Every key, newest first. */
  listApiKeys(): Promise<ApiKeyRecord[]>;
  /** Marks the key revoked at `at`; false when there is no such key or it already was. */
  revokeApiKey(id: string, at: string): Promise<boolean>;
  /** Adds `usd` to what `owner` spent on `day` (YYYY-MM-DD, UTC). */
  addSpend(owner: string, day: string, usd: number): Promise<void>;
  /** What `owner` spent on `day`, in USD. */
  spendOn(owner: string, day: string): Promise<number>;
  /** Where rate-limit counters are kept. */
  limiterBackend(): LimiterBackend;
}
