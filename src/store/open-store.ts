// Opens the store the configuration names: the backend from the database URL (PostgreSQL or SQLite),
// so a URL the program cannot serve is refused at start with what to do instead of being taken for a
// file name; and the request counters in Redis when a Redis URL is given, else in that database.

import { fileURLToPath } from "node:url";
import { loadOptionalFeature, optionalPackages } from "../configuration/optional-packages.ts";
import { openSqliteStore } from "./sqlite/open-sqlite-store.ts";
import type { Store } from "./store.ts";
import { StoreOpenError } from "./store-errors.ts";

/** How to open the store. */
export interface OpenStoreOptions {
  /** How long a SQLite statement waits for another program's lock, in milliseconds. */
  busyWaitMs?: number;
  /** The most connections to PostgreSQL. */
  poolSize?: number;
  /** A Redis to keep the request counters in (AI_UNIVERSE_REDIS_URL) instead of the database. */
  redisUrl?: string;
  /** Told when a Redis that was reached goes away while serving; stderr when absent. */
  log?: (message: string) => void;
}

/**
 * Opens the store `url` names: `postgres://...` (or `postgresql://`) for PostgreSQL; otherwise a
 * SQLite file path, `sqlite:PATH`, a `file:` URL, or `:memory:`. Throws StoreOpenError for a URL
 * it cannot serve, or a database or Redis it cannot open, saying what to do.
 */
export async function openStore(url: string, options: OpenStoreOptions = {}): Promise<Store> {
  const store = await openDatabase(url, options);
  if (!options.redisUrl) return store;
  try {
    return await withRedisCounters(store, options.redisUrl, options.log);
  } catch (error) {
    await store.close(); // nothing keeps the process alive after a failed start
    throw error;
  }
}

/** The store of the database `url` names. */
async function openDatabase(url: string, options: OpenStoreOptions): Promise<Store> {
  if (/^postgres(ql)?:\/\//i.test(url.trim())) {
    // Loaded only when asked for, so a SQLite user never loads (nor installs) the PostgreSQL client.
    const { openPostgresStore } = await loadOptionalFeature(
      "A PostgreSQL database (DATABASE_URL)",
      optionalPackages.postgres,
      () => import("./postgres/open-postgres-store.ts"),
      (message) => new StoreOpenError(message),
    );
    return openPostgresStore(
      url.trim(),
      options.poolSize === undefined ? {} : { poolSize: options.poolSize },
    );
  }
  return openSqliteStore(
    sqliteLocation(url),
    options.busyWaitMs === undefined ? {} : { busyWaitMs: options.busyWaitMs },
  );
}

/** `store` with its request counters in the Redis at `url`; the Redis client is loaded only here. */
async function withRedisCounters(
  store: Store,
  url: string,
  log: (message: string) => void = (message) => process.stderr.write(`${message}\n`),
): Promise<Store> {
  const { openRedisRequestCounters } = await loadOptionalFeature(
    "Counters in Redis (AI_UNIVERSE_REDIS_URL)",
    optionalPackages.redis,
    () => import("./redis/request-counters.ts"),
    (message) => new StoreOpenError(message),
  );
  const counters = await openRedisRequestCounters(url, log);
  return {
    ...store,
    requestCounters: counters,
    async close() {
      await counters.close();
      await store.close();
    },
  };
}

/** The SQLite file (or ":memory:") a database URL names. */
export function sqliteLocation(url: string): string {
  const trimmed = url.trim();
  if (trimmed === "")
    throw new StoreOpenError("The database URL is empty: unset DATABASE_URL or give a file path.");
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme === undefined || /^[a-z]$/i.test(scheme)) return trimmed; // a path (or a Windows drive letter)
  if (scheme === "sqlite") return trimmed.replace(/^sqlite:(\/\/)?/i, "") || ":memory:";
  if (scheme === "file") return fileURLToPath(trimmed);
  throw new StoreOpenError(
    `The database URL scheme "${scheme}:" is not supported. Set DATABASE_URL to a SQLite file path (or sqlite:PATH, or :memory:), or a postgres:// URL.`,
  );
}
