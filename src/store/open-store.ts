// Chooses the store backend from the database URL, so a URL the program cannot serve is refused
// at start with what to do, instead of being taken for a file name.

import { fileURLToPath } from "node:url";
import { openSqliteStore } from "./sqlite/open-sqlite-store.ts";
import { type Store, StoreOpenError } from "./store.ts";

/**
 * Opens the store `url` names: a SQLite file path, `sqlite:PATH`, a `file:` URL, or `:memory:`.
 * Throws StoreOpenError for PostgreSQL and other URLs this version cannot serve.
 */
export function openStore(url: string, options: { busyWaitMs?: number } = {}): Store {
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
  if (scheme === "postgres" || scheme === "postgresql") {
    throw new StoreOpenError(
      `The database URL is a PostgreSQL URL (${scheme}://...), and this version stores conversations in SQLite only. ` +
        "Unset DATABASE_URL to use the default file, or set it to a SQLite file path.",
    );
  }
  throw new StoreOpenError(
    `The database URL scheme "${scheme}:" is not supported. Set DATABASE_URL to a SQLite file path (or sqlite:PATH, or :memory:).`,
  );
}
