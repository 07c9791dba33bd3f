// Opening a SQLite store: the file, its directory, pragmas and migrations. Every way this can fail at
// start (a directory that cannot be made, a file that is not a database or is damaged, a database
// from a newer version) becomes one StoreOpenError naming the path, the problem and what to do.
// Conversations are private: the directory is made 0700 and the file 0600 (SQLite gives its -wal and
// -shm files the database file's mode), and a file an earlier version left readable by others is
// narrowed to its owner at open.

import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { Store } from "../store.ts";
import { StoreOpenError } from "../store-errors.ts";
import { sqliteCode, sqliteCodes } from "./busy-retry.ts";
import { FileIdentity } from "./file-identity.ts";
import { searchIndexIsFullText, sqliteHasFullText } from "./full-text.ts";
import { applyMigrations, NewerSchemaError, readSchemaVersion, schemaMigrations } from "./migrations.ts";
import { createSqliteStore } from "./sqlite-store.ts";

/** How long opening waits for another program's lock (nothing else runs yet), in milliseconds. */
const openWaitMs = 5000;

/** How long a statement waits for another program's lock while serving, in milliseconds. */
export const defaultBusyWaitMs = 15_000;

/**
 * Opens (creating when missing) a SQLite store at `location`: a file path, whose parent directory is
 * created if needed, or ":memory:" for a private in-memory database. Applies pending migrations.
 */
export function openSqliteStore(
  location: string,
  options: { busyWaitMs?: number; fullText?: boolean } = {},
): Store {
  const inMemory = location === ":memory:";
  if (!inMemory) {
    createParentDirectory(location);
    keepPrivate(location);
  }
  let database: DatabaseSync;
  try {
    database = new DatabaseSync(location, { timeout: openWaitMs });
  } catch (error) {
    throw new StoreOpenError(
      `The database ${location} cannot be opened (${(error as Error).message}). Check the file's permissions, or set DATABASE_URL (or --database) to another file.`,
      { cause: error },
    );
  }
  try {
    database.exec("PRAGMA foreign_keys = ON");
    let readOnly = inMemory ? undefined : unwritableReason(() => database.exec("PRAGMA journal_mode = WAL"));
    database.exec("PRAGMA synchronous = FULL");
    const hasFullText = sqliteHasFullText(database);
    if (searchIndexIsFullText(database) && !hasFullText) {
      throw new StoreOpenError(
        `The database ${location} uses full-text search, which the SQLite of Node.js ${process.versions.node} lacks. Run ai-universe on Node.js 22.16 or newer (24 is best), or set DATABASE_URL (or --database) to another file.`,
      );
    }
    if (readOnly === undefined) {
      applyMigrations(database, schemaMigrations, { fullText: options.fullText ?? hasFullText });
      if (!inMemory) readOnly = writeProbe(database);
    } else {
      checkSchemaVersion(database);
    }
    // From now on a lock is waited for on a timer (retryWhileBusy), never by blocking the event loop.
    database.exec("PRAGMA busy_timeout = 0");
    return createSqliteStore(database, {
      location,
      busyWaitMs: options.busyWaitMs ?? defaultBusyWaitMs,
      ...(inMemory ? {} : { identity: new FileIdentity(location) }),
      ...(readOnly ? { readOnly } : {}),
    });
  } catch (error) {
    database.close();
    throw startError(location, error);
  }
}

/**
 * Creates the database file 0600 when it is missing, and takes the group's and others' permissions off
 * it and its -wal and -shm files when they have any (a read-only file stays read-only). A file this
 * user cannot change is left as it is; opening it reports what matters.
 */
function keepPrivate(location: string): void {
  try {
    if (!existsSync(location)) closeSync(openSync(location, "a", 0o600));
  } catch {
    // A directory that cannot be written: opening the database says so.
  }
  for (const path of [location, `${location}-wal`, `${location}-shm`]) {
    try {
      const { mode } = statSync(path);
      if ((mode & 0o077) !== 0) chmodSync(path, mode & 0o700);
    } catch {
      // Missing, or another user's file.
    }
  }
}

function createParentDirectory(location: string): void {
  const directory = dirname(location);
  try {
    mkdirSync(directory, { recursive: true, mode: 0o700 });
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new StoreOpenError(
      `The database ${location} cannot be created: its directory ${directory} cannot be made (${reason}${reason === "ENOTDIR" ? ": a part of that path is a file" : ""}). Make it a writable directory, or set DATABASE_URL (or --database) to a file in one.`,
      { cause: error },
    );
  }
}

/**
 * Why the file cannot be written, found by rewriting its schema version with the same value. A write
 * that changes nothing need not reach the disk, so it is not synced: a sync would cost every start
 * milliseconds to tens of them.
 */
function writeProbe(database: DatabaseSync): string | undefined {
  database.exec("PRAGMA synchronous = OFF");
  try {
    return unwritableReason(() => database.exec(`PRAGMA user_version = ${readSchemaVersion(database)}`));
  } finally {
    database.exec("PRAGMA synchronous = FULL");
  }
}

/** Runs a write; returns SQLite's reason when the file is read-only, rethrows any other failure. */
function unwritableReason(write: () => void): string | undefined {
  try {
    write();
    return undefined;
  } catch (error) {
    if (sqliteCode(error) === sqliteCodes.readOnly) return (error as Error).message;
    throw error;
  }
}

/** A read-only database is served only when it is at exactly the schema this version writes. */
function checkSchemaVersion(database: DatabaseSync): void {
  const found = readSchemaVersion(database);
  if (found > schemaMigrations.length) throw new NewerSchemaError(found, schemaMigrations.length);
  if (found < schemaMigrations.length) {
    throw new StoreOpenError(
      `is read-only and at schema version ${found}, older than this version of ai-universe needs (${schemaMigrations.length}); make it writable once so it can be upgraded.`,
    );
  }
}

function startError(location: string, error: unknown): Error {
  if (error instanceof StoreOpenError) {
    return error.message.startsWith("is ")
      ? new StoreOpenError(`The database ${location} ${error.message}`)
      : error;
  }
  const elsewhere = "or set DATABASE_URL (or --database) to another file";
  if (error instanceof NewerSchemaError) {
    return new StoreOpenError(
      `The database ${location} ${error.message} Upgrade ai-universe, ${elsewhere}.`,
      { cause: error },
    );
  }
  const code = sqliteCode(error);
  if (code === sqliteCodes.notADatabase || code === sqliteCodes.corrupt) {
    return new StoreOpenError(
      `The database ${location} is damaged or is not a SQLite database (${(error as Error).message}). Restore it from a backup, or move it aside to start with an empty one, ${elsewhere}.`,
      { cause: error },
    );
  }
  if (code === sqliteCodes.readOnly) {
    return new StoreOpenError(
      `The database ${location} cannot be opened: it and its directory are read-only (${(error as Error).message}). Make the directory writable, ${elsewhere}.`,
      { cause: error },
    );
  }
  if (code === sqliteCodes.busy || code === sqliteCodes.locked) {
    return new StoreOpenError(
      `The database ${location} is locked by another program (${(error as Error).message}). Close that program and start again.`,
      { cause: error },
    );
  }
  return new StoreOpenError(
    `The database ${location} cannot be used (${(error as Error).message}). Check the file, ${elsewhere}.`,
    {
      cause: error,
    },
  );
}
