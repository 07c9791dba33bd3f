// The store under faults, as an operator meets them: another program holding the write lock, the data
// directory removed while serving, a read-only file, a full disk, and start-up on a damaged, truncated or newer
// database. The server never freezes, never acknowledges a write it lost, and says what is wrong.

import assert from "node:assert/strict";
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { appendFileSync, chmodSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { SendMessageResult } from "../../src/contract/consultation-results.ts";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { temporaryDirectory } from "../support/temporary-directory.ts";
import { historyOf, secondOpinionOf } from "./support/e2e-fixture.ts";
import { mainScript, type ServerProcess, startHttpServerProcess } from "./support/http-server-process.ts";
import { connectClient, type TestClient } from "./support/mcp-clients.ts";
import { readOnlyFile } from "./support/read-only-store.ts";
import { serverEnvironment } from "./support/server-environment.ts";

const lockHolder = fileURLToPath(new URL("../store/lock-holder.ts", import.meta.url));
const run = promisify(execFile);

/** The locks held now: released after the tests however they ended, as a holder left running would keep
 * this process, and so the test run, waiting. */
const heldLocks = new Set<{ release: () => Promise<void> }>();

/** Holds the database's write lock from another process until `release` is called. */
async function holdLock(path: string): Promise<{ release: () => Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, [lockHolder, path], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`lock holder exited with ${code}`)));
  });
  const lock = {
    async release() {
      heldLocks.delete(lock);
      child.stdin?.end();
      if (child.exitCode === null && child.signalCode === null) await once(child, "exit");
    },
  };
  heldLocks.add(lock);
  return lock;
}

/** A 4 MiB file system of its own (tmpfs, mounted as root), unmounted when the test file ends. */
async function smallDisk(): Promise<{ path: string }> {
  const path = temporaryDirectory("full-disk");
  try {
    await run("mount", ["-t", "tmpfs", "-o", "size=4m", "tmpfs", path]);
  } catch (error) {
    throw new Error(
      `A full disk is simulated on a small tmpfs, which needs root to mount: ${(error as Error).message}`,
    );
  }
  after(() => run("umount", ["-l", path]).catch(() => {}));
  return { path };
}

/** Writes `path` until its file system has no room left. */
function fillDisk(path: string): void {
  const block = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) appendFileSync(path, block);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
  }
  // The last bytes: smaller writes until not one more fits.
  try {
    for (;;) appendFileSync(path, block.subarray(0, 512));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
  }
}

function sent(result: { structuredContent?: Record<string, unknown> }): SendMessageResult {
  return result.structuredContent as unknown as SendMessageResult;
}

describe("store faults while serving", () => {
  let simulator: ProviderSimulator;
  const servers: ServerProcess[] = [];
  const clients: TestClient[] = [];
  before(async () => {
    simulator = await startProviderSimulator();
  });
  after(async () => {
    for (const lock of heldLocks) await lock.release();
    for (const client of clients) await client.close();
    for (const server of servers) await server.stop();
    await simulator?.close();
  });

  async function serve(extra: Record<string, string> = {}, identity: { uid?: number; gid?: number } = {}) {
    const setup = await serverEnvironment(simulator.url);
    const server = await startHttpServerProcess({ ...setup.environment, ...extra }, [], [], identity);
    servers.push(server);
    const client = await connectClient("v2-modern", { transport: "http", url: server.url });
    clients.push(client);
    return { ...setup, server, client };
  }

  it("answers reads and /health while a write waits for the lock another program holds", async () => {
    const { client, server, databasePath } = await serve();
    const first = sent(await client.callTool("conversation.send-message", { content: "Before the lock" }));
    const lock = await holdLock(databasePath);
    simulator.reset();
    let writeEnded = false;
    const waiting = client
      .callTool("conversation.send-message", {
        content: "During the lock",
        conversationId: first.conversationId,
      })
      .finally(() => {
        writeEnded = true;
      });
    await simulator.waitForRequests(
      (requests) => requests.length === 1 && requests[0]?.finishedAt !== undefined,
    );
    assert.equal((await fetch(`${server.url}/health`)).status, 200);
    const history = historyOf(
      await client.callTool("conversation.get-history", { conversationId: first.conversationId }),
    );
    assert.equal(history.messages.length, 2);
    // A read queued behind the lock would fail, as the write does, once the store's wait (15 s) is over.
    assert.equal(writeEnded, false, "the reads were answered while the write still waited for the lock");
    await lock.release();
    const stored = sent(await waiting);
    assert.equal(stored.persistenceStatus.error, null);
    assert.equal(stored.assistantMessage?.sequence, 4);
  });

  it("returns the paid answer with the reason when the lock outlasts the wait, and stores nothing", async () => {
    const { client, databasePath } = await serve({ AI_UNIVERSE_STORE_WAIT_SECONDS: "1" });
    const lock = await holdLock(databasePath);
    try {
      const result = sent(await client.callTool("conversation.send-message", { content: "Locked out" }));
      assert.ok(result.reply.response.length > 0);
      assert.equal(result.assistantMessage, null);
      assert.match(result.persistenceStatus.error ?? "", /locked by another program for over 1 s/);
    } finally {
      await lock.release();
    }
    const list = await client.callTool("conversation.list", {});
    assert.deepEqual(list.structuredContent?.conversations, []);
  });

  it("refuses writes and reports it when the data directory is removed while serving", async () => {
    const { client, server, directory } = await serve();
    rmSync(directory, { recursive: true, force: true });
    const result = secondOpinionOf(
      await client.callTool("agent.second_opinion", { question: "Into the void" }),
    );
    assert.ok(result.primary.response.length > 0);
    assert.equal(result.persistenceStatus.assistantMessageSaved, false);
    assert.match(
      result.persistenceStatus.error ?? "",
      /was removed .*writes are refused.*Restart the server/,
    );
    const refused = await client.callTool("conversation.send-message", { content: "Into the void" });
    assert.match(refused.content[0]?.text ?? "", /store_unavailable.*was removed.*The message was not sent/s);
    const health = await fetch(`${server.url}/health`);
    assert.equal(health.status, 200, "liveness: the process still answers");
    const report = await health.json();
    assert.equal(report.status, "degraded");
    assert.equal(report.store.writable, false);
    assert.match(report.store.error, /was removed/);
    const ready = await fetch(`${server.url}/ready`);
    assert.equal(ready.status, 503, "readiness: a load balancer should stop sending calls here");
    assert.match((await ready.json()).reason, /was removed/);
  });

  it("serves a read-only database, says in /health that it cannot be written, and says why on every write", async () => {
    const setup = await serverEnvironment(simulator.url);
    const seeded = await serve({ DATABASE_URL: setup.databasePath });
    sent(await seeded.client.callTool("conversation.send-message", { content: "Written before" }));
    await seeded.server.stop();
    chmodSync(setup.databasePath, 0o444);
    const identity = await readOnlyFile(setup.databasePath, setup.directory);
    const { client, server } = await serve(
      { ...setup.environment, DATABASE_URL: setup.databasePath },
      identity,
    );
    const report = await (await fetch(`${server.url}/health`)).json();
    assert.equal(report.status, "degraded");
    assert.deepEqual([report.store.reachable, report.store.writable], [true, false]);
    assert.match(report.store.error, /cannot be written \(attempt to write a readonly database\)/);
    const listed = await client.callTool("conversation.list", {});
    assert.equal(((listed.structuredContent?.conversations ?? []) as unknown[]).length, 1);
    // A message whose reply could not be kept is refused before any model is asked.
    simulator.reset();
    const refused = await client.callTool("conversation.send-message", { content: "Not stored" });
    assert.equal(refused.isError, true);
    assert.match(
      refused.content[0]?.text ?? "",
      /store_unavailable.*cannot be written .*Make the file and its directory writable.*The message was not sent/s,
    );
    assert.equal(simulator.requests.length, 0, "a model was asked");
  });

  it("answers on a full disk, saying nothing could be saved, and saves again once there is room", async () => {
    const disk = await smallDisk();
    const databasePath = join(disk.path, "conversations.db");
    const { client, server } = await serve({ DATABASE_URL: databasePath });
    sent(await client.callTool("conversation.send-message", { content: "Written before" }));
    const filler = join(disk.path, "filler");
    fillDisk(filler);
    const full = secondOpinionOf(await client.callTool("agent.second_opinion", { question: "Room?" }));
    assert.ok(full.primary.response.length > 0);
    assert.match(full.persistenceStatus.error ?? "", /disk holding the database .* is full.*Free some space/);
    const session = await connectClient("v2-2025-11-25", { transport: "http", url: server.url });
    clients.push(session);
    const answered = secondOpinionOf(
      await session.callTool("agent.second_opinion", { question: "A session?" }),
    );
    assert.match(answered.persistenceStatus.error ?? "", /is full/);
    rmSync(filler);
    const saved = sent(await client.callTool("conversation.send-message", { content: "Room again" }));
    assert.equal(saved.persistenceStatus.error, null);
    assert.equal(saved.persistenceStatus.assistantMessageSaved, true);
  });
});

describe("store faults at start", () => {
  async function start(prepare: (path: string) => void) {
    const { environment, databasePath } = await serverEnvironment("http://127.0.0.1:9");
    prepare(databasePath);
    try {
      await run(process.execPath, [mainScript, "serve", "--port", "0"], { env: environment });
      assert.fail("the server started");
    } catch (error) {
      const { code, stderr } = error as { code: number; stderr: string };
      assert.equal(code, 2, stderr);
      assert.equal(stderr.trim().split("\n").length, 1, stderr);
      assert.ok(!stderr.includes("    at "), "no stack trace");
      assert.ok(stderr.includes(databasePath), stderr);
      return stderr;
    }
  }

  it("refuses a file that is not a database", async () => {
    const stderr = await start((path) =>
      writeFileSync(path, "these are not the bytes of a database\n".repeat(200)),
    );
    assert.match(stderr, /damaged or is not a SQLite database.*Restore it from a backup, or move it aside/);
  });

  it("refuses a truncated database", async () => {
    const stderr = await start((path) => {
      const database = new DatabaseSync(path);
      database.exec("CREATE TABLE filler (text TEXT); PRAGMA user_version = 1;");
      for (let row = 0; row < 200; row++) database.exec(`INSERT INTO filler VALUES ('${"x".repeat(500)}')`);
      database.close();
      truncateSync(path, Math.floor(readFileSync(path).length / 3));
    });
    assert.match(stderr, /damaged or is not a SQLite database/);
  });

  it("refuses a database from a newer version", async () => {
    const stderr = await start((path) => {
      const database = new DatabaseSync(path);
      database.exec("PRAGMA user_version = 99");
      database.close();
    });
    assert.match(
      stderr,
      /schema version 99, newer than this version of ai-universe knows .*Upgrade ai-universe/,
    );
  });
});
