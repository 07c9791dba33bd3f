// One open, migrated SQLite connection, and how every port of the SQLite store runs its statements on
// it. node:sqlite is synchronous, so calls from one process never interleave. Writers of other
// processes are waited for on a timer (retryWhileBusy), never in a blocking busy wait, and a write is
// refused when the file was removed, replaced or cannot be written.

import type { DatabaseSync } from "node:sqlite";
import { StoreUnavailableError } from "../store-errors.ts";
import { retryWhileBusy, sqliteCode, sqliteCodes } from "./busy-retry.ts";
import type { FileIdentity } from "./file-identity.ts";
import { WriteBatches } from "./write-batch.ts";

/** How the connection was opened. */
export interface SqliteConnectionOptions {
  /** The file (or ":memory:"), for messages. */
  location: string;
  /** The opened file, to notice when it is removed or replaced; absent in memory. */
  identity?: FileIdentity;
  /** Why the file cannot be written, when that was found at open. */
  readOnly?: string;
  /** How long a statement waits for another program's lock, in milliseconds. */
  busyWaitMs: number;
}

/** A connection the ports share. Build it with `openSqliteStore`. */
export class SqliteConnection {
  readonly database: DatabaseSync;
  readonly location: string;
  readonly busyWaitMs: number;
  readonly #identity: FileIdentity | undefined;
  #readOnly: string | undefined;
  // Tracked here rather than read from DatabaseSync.isOpen, which Node 22.13 does not have.
  #open = true;
  readonly #batches: WriteBatches;

  /** Takes ownership of `database`, which must be open and migrated. */
  constructor(database: DatabaseSync, options: SqliteConnectionOptions) {
    this.database = database;
    this.location = options.location;
    this.busyWaitMs = options.busyWaitMs;
    this.#identity = options.identity;
    this.#readOnly = options.readOnly;
    this.#batches = new WriteBatches(database, (batch) => this.#commit(batch));
  }

  /** Runs a read, waiting for another program's lock on a timer. */
  read<T>(work: () => T): Promise<T> {
    return retryWhileBusy(work, this.busyWaitMs, this.location);
  }

  /**
   * Runs a write unless the file cannot take it; a read-only file found now is remembered. The write is
   * atomic (a throw undoes all of it) and committed with the others asked for in the same turn of the
   * event loop (write-batch.ts); the promise settles once that commit is on disk.
   */
  write<T>(work: () => T): Promise<T> {
    return this.#batches.add(work);
  }

  /** Runs `work` as one write transaction: all of it, or none of it on a throw (every write is one). */
  transaction<T>(work: () => T): Promise<T> {
    return this.write(work);
  }

  /** Runs one batch of writes, retried while another program holds the lock, with store errors named. */
  async #commit<T>(batch: () => T): Promise<T> {
    const unwritable = this.unwritable();
    if (unwritable) throw new StoreUnavailableError(unwritable);
    try {
      return await retryWhileBusy(batch, this.busyWaitMs, this.location);
    } catch (error) {
      const code = sqliteCode(error);
      if (code === sqliteCodes.full) {
        // Not remembered: the next write may find room again.
        throw new StoreUnavailableError(
          `The disk holding the database ${this.location} is full (${(error as Error).message}), so nothing more can be saved. Free some space; writes go on by themselves once there is room.`,
          { cause: error },
        );
      }
      if (code !== sqliteCodes.readOnly) throw error;
      this.#readOnly = (error as Error).message;
      throw new StoreUnavailableError(this.unwritable() ?? (error as Error).message, { cause: error });
    }
  }

  /** Why a write would be lost or refused now, or undefined when the store can take it. */
  unwritable(): string | undefined {
    const change = this.#identity?.change();
    if (change) {
      return `The database file ${this.location} ${change} while the server was running, so writes are refused (they would be lost). Restart the server.`;
    }
    if (this.#readOnly) {
      return `The database ${this.location} cannot be written (${this.#readOnly}). Make the file and its directory writable, or set DATABASE_URL to a writable file, and restart.`;
    }
    return undefined;
  }

  /** Closes the connection; closing again does nothing. */
  close(): void {
    if (!this.#open) return;
    this.#batches.flushNow();
    this.#open = false;
    this.database.close();
  }
}
