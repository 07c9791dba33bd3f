// Runs the store contract against SQLite (in memory and on disk, request counters on disk) and checks what only SQLite has:
// migrations, durability across reopen, WAL, private file modes, and writers from several threads on
// one file.

import assert from "node:assert/strict";
import { chmod, mkdir, mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { after, before, describe, it } from "node:test";
import { Worker } from "node:worker_threads";
import { applyMigrations, readSchemaVersion, schemaMigrations } from "../../src/store/sqlite/migrations.ts";
import { openSqliteStore } from "../../src/store/sqlite/open-sqlite-store.ts";
import { localOwner } from "../../src/store/store.ts";
import { createClock, createConversation, readAll } from "./contract/fixtures.ts";
import { type CounterPlace, runRequestCounterContract } from "./contract/request-counter-cases.ts";
import { runStoreContract } from "./store-contract.ts";

let directory = "";
let fileCount = 0;
before(async () => {
  directory = await mkdtemp(join(tmpdir(), "ai-universe-sqlite-"));
});
after(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** A path for a new database file, in a folder that does not exist yet. */
function newDatabasePath(): string {
  fileCount += 1;
  return join(directory, `case-${fileCount}`, "store.db");
}

runStoreContract("sqlite :memory:", async () => openSqliteStore(":memory:"));
runStoreContract("sqlite file", async () => openSqliteStore(newDatabasePath()));
// Node 22.13 to 22.15 run a SQLite without FTS5: the store keeps every promise on its plain search index.
runStoreContract("sqlite without FTS5", async () => openSqliteStore(":memory:", { fullText: false }));
runRequestCounterContract("sqlite file", async () => sqliteCounterPlace());

/**
 * A new database file; each handle is a connection of its own, as another process's would be. Breaking
 * it down is another program holding its write lock longer than a handle waits (200 ms here).
 */
function sqliteCounterPlace(): CounterPlace {
  const path = newDatabasePath();
  let holder: DatabaseSync | undefined;
  return {
    async open() {
      const store = openSqliteStore(path, { busyWaitMs: 200 });
      return { counters: store.requestCounters, close: () => store.close() };
    },
    async breakDown() {
      holder = new DatabaseSync(path);
      holder.exec("BEGIN IMMEDIATE");
    },
    async dispose() {
      holder?.exec("ROLLBACK");
      holder?.close();
    },
  };
}

describe("sqlite store on a file", () => {
  it("keeps its data across close and reopen", async () => {
    const path = newDatabasePath();
    const store = openSqliteStore(path);
    const saved = await createConversation(store, createClock(), { userId: "user-1" });
    await store.close();

    const key = await openSqliteStore(path).signingKey();
    const reopened = openSqliteStore(path);
    try {
      assert.equal(await reopened.signingKey(), key, "the signing key survives a restart");
      assert.deepEqual(
        await reopened.conversations.of("user-1").get(saved.conversation.id),
        saved.conversation,
      );
      assert.deepEqual(await readAll(reopened, saved.conversation.id), saved.messages);
    } finally {
      await reopened.close();
    }
  });

  it("applies migrations once, however often the file is reopened", async () => {
    const path = newDatabasePath();
    for (let open = 0; open < 3; open++) await openSqliteStore(path).close();

    const database = new DatabaseSync(path);
    try {
      assert.equal(readSchemaVersion(database), schemaMigrations.length);
      assert.equal(applyMigrations(database), 0);
    } finally {
      database.close();
    }
  });

  it("gives conversations of the former anonymous owner (NULL) to the local user", async () => {
    const path = newDatabasePath();
    await mkdir(dirname(path));
    const database = new DatabaseSync(path);
    applyMigrations(database, schemaMigrations.slice(0, 1));
    database.exec(`
      INSERT INTO conversations (id, user_id, title, message_count, created_at, updated_at)
        VALUES ('c1', NULL, 'Old', 1, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z');
      INSERT INTO messages (id, conversation_id, role, content, user_id, sequence, created_at)
        VALUES ('m1', 'c1', 'user', 'Hello?', NULL, 1, '2026-01-01T00:00:00.000Z');`);
    database.close();
    const store = openSqliteStore(path);
    try {
      assert.equal((await store.conversations.of(localOwner).get("c1"))?.title, "Old");
      assert.deepEqual(
        (await readAll(store, "c1", localOwner)).map((message) => [message.content, message.userId]),
        [["Hello?", localOwner]],
      );
    } finally {
      await store.close();
    }
  });

  it("uses write-ahead logging", async () => {
    const path = newDatabasePath();
    await openSqliteStore(path).close();
    const database = new DatabaseSync(path);
    try {
      assert.equal(database.prepare("PRAGMA journal_mode").get()?.journal_mode, "wal");
    } finally {
      database.close();
    }
  });

  it("keeps conversations private: its directory made 0700, the file and its -wal and -shm 0600", async () => {
    const path = newDatabasePath();
    const previous = process.umask(0o022);
    try {
      const store = openSqliteStore(path);
      await createConversation(store, createClock());
      for (const file of [path, `${path}-wal`, `${path}-shm`])
        assert.equal((await stat(file)).mode & 0o777, 0o600, file);
      assert.equal((await stat(dirname(path))).mode & 0o777, 0o700);
      await store.close();
    } finally {
      process.umask(previous);
    }
  });

  it("narrows a database an earlier version left readable by others to its owner at open", async () => {
    const path = newDatabasePath();
    await openSqliteStore(path).close();
    await chmod(path, 0o644);
    const readOnly = newDatabasePath();
    await openSqliteStore(readOnly).close();
    await chmod(readOnly, 0o444);
    const reopened = openSqliteStore(path);
    await createConversation(reopened, createClock());
    assert.equal((await stat(path)).mode & 0o777, 0o600);
    assert.equal((await stat(`${path}-wal`)).mode & 0o777, 0o600);
    await reopened.close();
    await openSqliteStore(readOnly).close();
    assert.equal((await stat(readOnly)).mode & 0o777, 0o400, "a read-only file became writable");
  });

  it("keeps sequences gap-free when several threads write to one file", async () => {
    const path = newDatabasePath();
    const store = openSqliteStore(path);
    const { conversation } = await createConversation(store, createClock());
    const writers = 4;
    const turnsPerWriter = 25;
    await Promise.all(
      Array.from({ length: writers }, (_, writer) =>
        runWriter(path, conversation.id, writer, turnsPerWriter),
      ),
    );

    const messages = await readAll(store, conversation.id);
    await store.close();
    const total = 2 + 2 * writers * turnsPerWriter;
    assert.deepEqual(
      messages.map((message) => message.sequence),
      Array.from({ length: total }, (_, index) => index + 1),
    );
  });
});

/**
 * A database file at the schema just before the step whose name starts with `step`, holding Ann's
 * conversation "old" with one assistant message "m1" of `metadata`, as the program of that time left it.
 */
async function databaseBefore(step: string, metadata: Record<string, unknown>) {
  const directory = await mkdtemp(join(tmpdir(), "ai-universe-migration-"));
  const file = join(directory, "old.db");
  const database = new DatabaseSync(file);
  applyMigrations(
    database,
    schemaMigrations.slice(
      0,
      schemaMigrations.findIndex((migration) => migration.name.startsWith(step)),
    ),
  );
  database.exec(`
    INSERT INTO conversations (id, user_id, title, message_count, created_at, updated_at)
      VALUES ('old', 'ann', 'Old one', 1, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z');
  `);
  database
    .prepare(
      `INSERT INTO messages (id, conversation_id, role, content, user_id, sequence, created_at, metadata)
       VALUES ('m1', 'old', 'assistant', 'The synthesis', 'ann', 1, '2026-01-01T00:00:00Z', ?)`,
    )
    .run(JSON.stringify(metadata));
  return { directory, file, database };
}

describe("sqlite migrations", () => {
  it("applies only the new steps, each with its version", () => {
    const database = new DatabaseSync(":memory:");
    const steps = [
      { name: "first", sql: "CREATE TABLE first (id INTEGER)" },
      { name: "second", sql: "CREATE TABLE second (id INTEGER)" },
    ];
    assert.equal(applyMigrations(database, steps.slice(0, 1)), 1);
    assert.equal(applyMigrations(database, steps), 1);
    assert.equal(readSchemaVersion(database), 2);
    database.close();
  });

  it("rolls back a failing step and leaves the version where it was", () => {
    const database = new DatabaseSync(":memory:");
    const steps = [
      { name: "first", sql: "CREATE TABLE first (id INTEGER)" },
      { name: "broken", sql: "CREATE TABLE second (id INTEGER); INSERT INTO missing VALUES (1)" },
    ];
    assert.throws(() => applyMigrations(database, steps), /Migration 2 \(broken\) failed/);
    assert.equal(readSchemaVersion(database), 1);
    const tables = database
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .all();
    assert.deepEqual(
      tables.map((table) => table.name),
      ["first"],
    );
    database.close();
  });

  it("makes the messages stored before search existed searchable, opinions included", async () => {
    const { directory, file, database } = await databaseBefore("full-text search", {
      secondOpinion: {
        primary: { response: "primary says quokka" },
        secondaryOpinions: [{ response: "a wombat" }],
      },
    });
    database.close();
    const store = openSqliteStore(file);
    for (const word of ["synthesis", "quokka", "wombat"]) {
      assert.deepEqual(
        (await store.conversations.of("ann").search([word], 5)).map((hit) => hit.conversationId),
        ["old"],
        word,
      );
    }
    await store.close();
    await rm(directory, { recursive: true, force: true });
  });

  it("makes the late opinions stored before they were indexed searchable", async () => {
    const turn = (response: string, late: boolean) => ({
      secondOpinion: { primary: { response: "primary" }, secondaryOpinions: [{ response, late }] },
    });
    const { directory, file, database } = await databaseBefore(
      "late opinions searchable",
      turn("still running", false),
    );
    // What the old program did when the opinion landed: the metadata changed, the index did not.
    database
      .prepare("UPDATE messages SET metadata = ? WHERE id = 'm1'")
      .run(JSON.stringify(turn("a late numbat", true)));
    database.close();
    const store = openSqliteStore(file);
    const found = async (word: string) =>
      (await store.conversations.of("ann").search([word], 5)).map((hit) => hit.conversationId);
    assert.deepEqual(await found("numbat"), ["old"]);
    assert.deepEqual(await found("running"), []);
    await store.close();
    await rm(directory, { recursive: true, force: true });
  });

  it("keeps one stored copy of each opinion: the index reads the messages, and stays in step with them", async () => {
    const opinions = (...responses: string[]) => ({
      secondOpinion: {
        primary: { response: responses[0] },
        secondaryOpinions: responses.slice(1).map((response) => ({ response })),
      },
    });
    const { directory, file, database } = await databaseBefore(
      "one stored copy",
      opinions("primary says quokka", "a wombat", "two bilbies"),
    );
    const copied = database.prepare("SELECT count(*) AS copies FROM message_search_content").get();
    assert.equal(copied?.copies, 1, "before, the index kept a copy of the text");
    database.close();

    const store = openSqliteStore(file);
    const ann = store.conversations.of("ann");
    const found = async (word: string) => (await ann.search([word], 5)).map((hit) => hit.conversationId);
    for (const word of ["synthesis", "quokka", "wombat", "bilby"])
      assert.deepEqual(await found(word), ["old"], word);
    const hit = (await ann.search(["bilbies"], 5))[0];
    assert.match(hit?.snippet ?? "", /\*\*bilbies\*\*/, "the snippet is read back from the message");

    // A new turn, a late opinion replacing an answer, and a deleted conversation: the index follows each.
    const clock = createClock();
    await ann.saveTurn({
      conversationId: "new",
      create: { title: "New one", createdAt: clock() },
      messages: [
        { id: "m2", role: "user", content: "About numbats?", createdAt: clock(), metadata: {} },
        {
          id: "m3",
          role: "assistant",
          content: "Yes",
          createdAt: clock(),
          metadata: opinions("a numbat", "an echidna"),
        },
      ],
    });
    assert.deepEqual(await found("echidna"), ["new"]);
    assert.ok(await ann.updateMessageMetadata("m3", opinions("a numbat", "a late platypus")));
    assert.deepEqual(await found("echidna"), []);
    assert.deepEqual(await found("platypus"), ["new"]);
    assert.ok(await ann.delete("old"));
    assert.deepEqual(await found("quokka"), []);
    await store.close();

    const reopened = new DatabaseSync(file);
    const tables = reopened
      .prepare("SELECT name FROM sqlite_master WHERE name = 'message_search_content'")
      .all();
    assert.deepEqual(tables, [], "the index keeps no copy of the text");
    // FTS5 checks, word by word, that the index holds exactly what the messages say.
    reopened.exec("INSERT INTO message_search (message_search, rank) VALUES ('integrity-check', 1)");
    reopened.close();
    await rm(directory, { recursive: true, force: true });
  });

  it("writes each message's search text with it, the first 64 KiB of each answer, so a landing parses no stored JSON", async () => {
    const long = (word: string) => `${"filler ".repeat(65_536 / 7)}${word}`;
    const opinions = (...responses: string[]) => ({
      secondOpinion: {
        primary: { response: responses[0] },
        secondaryOpinions: responses.slice(1).map((response) => ({ response })),
      },
    });
    const { directory, file, database } = await databaseBefore(
      "search reads a text written with each message",
      opinions("primary says quokka", long("wombat")),
    );
    database.close();

    const store = openSqliteStore(file);
    const ann = store.conversations.of("ann");
    const found = async (word: string) => (await ann.search([word], 5)).map((hit) => hit.conversationId);
    assert.deepEqual(await found("quokka"), ["old"], "an existing message's text is written at the upgrade");
    assert.deepEqual(await found("wombat"), [], "a word past an answer's first 64 KiB is not searched");
    assert.ok(await ann.updateMessageMetadata("m1", opinions("primary says quokka", "a late platypus")));
    assert.deepEqual(await found("platypus"), ["old"]);
    await store.close();

    const reopened = new DatabaseSync(file);
    // What is indexed follows `search_text` alone: metadata changed behind its back is not parsed again.
    reopened.prepare("UPDATE messages SET metadata = ? WHERE id = 'm1'").run(JSON.stringify(opinions("emu")));
    const text = reopened.prepare("SELECT search_text FROM messages WHERE id = 'm1'").get();
    assert.equal(text?.search_text, "The synthesis primary says quokka a late platypus");
    reopened.exec("INSERT INTO message_search (message_search, rank) VALUES ('integrity-check', 1)");
    reopened.close();
    await rm(directory, { recursive: true, force: true });
  });

  it("refuses a database newer than the program", () => {
    const database = new DatabaseSync(":memory:");
    database.exec(`PRAGMA user_version = ${schemaMigrations.length + 1}`);
    assert.throws(() => applyMigrations(database), /newer than this version of ai-universe knows/);
    database.close();
  });
});

/** Runs test/store/sqlite-writer.ts in a worker thread, appending turns with its own connection. */
function runWriter(path: string, conversationId: string, writer: number, turns: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./sqlite-writer.ts", import.meta.url), {
      workerData: { path, conversationId, writer, turns },
    });
    worker.once("error", reject);
    worker.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`Writer ${writer} exited with ${code}.`)),
    );
  });
}
