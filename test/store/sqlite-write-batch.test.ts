// SQLite group commit (src/store/sqlite/write-batch.ts): the writes asked for in one turn of the event
// loop share one transaction, a write that throws is undone alone while the others commit, and an error
// that ends the transaction (the file locked by another program) fails the whole batch, with nothing of
// it written.

import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { describe, it } from "node:test";
import { inTransaction, inWriteTransaction } from "../../src/store/sqlite/transaction.ts";
import { WriteBatches } from "../../src/store/sqlite/write-batch.ts";

function database(file = ":memory:"): DatabaseSync {
  const opened = new DatabaseSync(file);
  opened.exec("PRAGMA journal_mode = WAL");
  opened.exec("CREATE TABLE IF NOT EXISTS notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)");
  return opened;
}

const rows = (opened: DatabaseSync) =>
  opened
    .prepare("SELECT id, text FROM notes ORDER BY id")
    .all()
    .map((row) => `${row.id}:${row.text}`);

describe("sqlite group commit", () => {
  it("commits the writes of one turn together, undoing only the one that threw", async () => {
    const opened = database();
    let transactions = 0;
    const batches = new WriteBatches(opened, async (batch) => {
      transactions += 1;
      return batch();
    });
    const insert = opened.prepare("INSERT INTO notes (id, text) VALUES (?, ?)");
    const results = await Promise.allSettled([
      batches.add(() => insert.run(1, "first").changes),
      batches.add(() => {
        insert.run(2, "half of a failed write");
        insert.run(1, "a duplicate key");
      }),
      batches.add(() => insert.run(3, "third").changes),
    ]);
    assert.deepEqual(
      results.map((result) => result.status),
      ["fulfilled", "rejected", "fulfilled"],
    );
    assert.equal(transactions, 1);
    assert.deepEqual(rows(opened), ["1:first", "3:third"]);
  });

  it("fails the whole batch, writing nothing, when another program holds the lock", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "write-batch-")), "notes.db");
    const opened = database(file);
    const other = database(file);
    other.exec("BEGIN IMMEDIATE");
    const batches = new WriteBatches(opened, async (batch) => batch());
    const insert = opened.prepare("INSERT INTO notes (id, text) VALUES (?, ?)");
    const results = await Promise.allSettled([
      batches.add(() => insert.run(1, "first")),
      batches.add(() => insert.run(2, "second")),
    ]);
    assert.deepEqual(
      results.map((result) => result.status),
      ["rejected", "rejected"],
    );
    other.exec("ROLLBACK");
    assert.deepEqual(rows(opened), []);
    assert.equal(opened.isTransaction, false);
  });
});

describe("whether a transaction is open, on a Node without isTransaction (22.13)", () => {
  it("tells an open transaction from none by trying to begin one, and leaves none open", () => {
    const database = new DatabaseSync(":memory:");
    // As Node 22.13's DatabaseSync: no isTransaction.
    const withoutFlag = new Proxy(database, {
      get: (target, key) => {
        if (key === "isTransaction") return undefined;
        const value = Reflect.get(target, key, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    database.exec("CREATE TABLE t (a INTEGER)");
    assert.equal(inTransaction(withoutFlag), false);
    assert.equal(database.isTransaction, false, "the probe left a transaction open");
    database.exec("BEGIN");
    assert.equal(inTransaction(withoutFlag), true);
    database.exec("ROLLBACK");
    assert.throws(() =>
      inWriteTransaction(withoutFlag, () => {
        database.exec("INSERT INTO t VALUES (1)");
        throw new Error("undone");
      }),
    );
    assert.equal(database.isTransaction, false, "the failed transaction was not rolled back");
    assert.equal(database.prepare("SELECT count(*) AS n FROM t").get()?.n, 0);
  });
});
