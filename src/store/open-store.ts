// Chooses the store backend from the database URL (PostgreSQL or SQLite), so a URL the program cannot
// serve is refused at start with what to do, instead of being taken for a file name.

import { fileURLToPath } from "node:url";
import { openSqliteStore } from "./sqlite/open-sqlite-store.ts";
import { type Store, StoreOpenError } from "./store.ts";

/**
 * Opens the store `url` names: `postgres://...` (or `postgresql://`) for PostgreSQL; otherwise a
 * SQLite file path, `sqlite:PATH`, a `file:` URL, or `:memory:`. Throws StoreOpenError for a URL
 * it cannot serve or a database it cannot open, saying what to do.
 */
export async function openStore(
  url: string,
  options: { busyWaitMs?: number; poolSize?: number } = {},
): Promise<Store> {
  if (/^postgres(ql)?:\/\//i.test(url.trim())) {
    // Loaded only when asked for, so a SQLite user never loads the PostgreSQL client.
    const { openPostgresStore } = await import("./postgres/open-postgres-store.ts");
    return openPostgresStore(
      url.trim(),
      options.poolSize === undefined ? {} : { poolSize: options.poolSize },
    );
  }
  return openSqliteStore(sqliteLocation(url), options);
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
