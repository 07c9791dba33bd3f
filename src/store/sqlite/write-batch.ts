// Group commit: the writes every port asks for in the same moment (one turn of the event loop) run in one
// write transaction, each in a savepoint of its own, so they share one commit and one flush to disk
// instead of paying one each. Nothing is acknowledged early: every write's promise settles only once
// the transaction holding it is committed (synchronous=FULL: on disk). A write that throws is rolled back
// to its savepoint and only its caller sees the error; the rest of the batch commits. An error that
// takes the whole transaction with it (the file locked by another program, full, read-only or failing)
// rolls the batch back, and the batch is retried or refused as a whole, exactly as a lone write would be.

import type { DatabaseSync } from "node:sqlite";
import { sqliteCode, sqliteCodes } from "./busy-retry.ts";
import { inTransaction, inWriteTransaction } from "./transaction.ts";

/** One write waiting for its batch. */
interface PendingWrite {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** What one write of a committed batch came to. */
type Outcome = { value: unknown } | { error: unknown };

/** Errors that end the transaction itself rather than one write in it. */
const batchWide = new Set<number>([
  sqliteCodes.busy,
  sqliteCodes.locked,
  sqliteCodes.readOnly,
  sqliteCodes.ioError,
  sqliteCodes.corrupt,
  sqliteCodes.full,
  sqliteCodes.notADatabase,
]);

/**
 * Writes queued on `database` and run together once per turn of the event loop. `run` runs a batch
 * (`runBatch`), retrying it while another program holds the lock and translating store errors; what it
 * throws rejects every write of the batch.
 */
export class WriteBatches {
  readonly #database: DatabaseSync;
  readonly #run: (batch: () => Outcome[]) => Promise<Outcome[]>;
  #pending: PendingWrite[] = [];
  #scheduled = false;

  constructor(database: DatabaseSync, run: (batch: () => Outcome[]) => Promise<Outcome[]>) {
    this.#database = database;
    this.#run = run;
  }

  /** Queues `work` (synchronous statements) for the next batch; resolves once that batch is committed. */
  add<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#pending.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (this.#scheduled) return;
      this.#scheduled = true;
      setImmediate(() => this.#flush());
    });
  }

  /** Runs what is queued now, without waiting for the next turn (before the connection closes). */
  flushNow(): void {
    const batch = this.#take();
    if (batch.length === 0) return;
    try {
      settle(batch, runBatch(this.#database, batch));
    } catch (error) {
      for (const write of batch) write.reject(error);
    }
  }

  #take(): PendingWrite[] {
    const batch = this.#pending;
    this.#pending = [];
    this.#scheduled = false;
    return batch;
  }

  #flush(): void {
    const batch = this.#take();
    if (batch.length === 0) return;
    this.#run(() => runBatch(this.#database, batch)).then(
      (outcomes) => settle(batch, outcomes),
      (error) => {
        for (const write of batch) write.reject(error);
      },
    );
  }
}

function settle(batch: PendingWrite[], outcomes: Outcome[]): void {
  batch.forEach((write, index) => {
    const outcome = outcomes[index] as Outcome;
    if ("error" in outcome) write.reject(outcome.error);
    else write.resolve(outcome.value);
  });
}

/**
 * Runs `batch` in one BEGIN IMMEDIATE ... COMMIT, each write in a savepoint; returns each write's outcome
 * once committed. Throws (after rolling everything back) an error that ends the transaction.
 */
function runBatch(database: DatabaseSync, batch: PendingWrite[]): Outcome[] {
  return inWriteTransaction(database, () => batch.map((write) => runInSavepoint(database, write.work)));
}

function runInSavepoint(database: DatabaseSync, work: () => unknown): Outcome {
  database.exec("SAVEPOINT batched_write");
  try {
    const value = work();
    database.exec("RELEASE batched_write");
    return { value };
  } catch (error) {
    const code = sqliteCode(error);
    if ((code !== undefined && batchWide.has(code)) || !inTransaction(database)) throw error;
    database.exec("ROLLBACK TO batched_write");
    database.exec("RELEASE batched_write");
    return { error };
  }
}
