// Contract cases for the tasks port: a task is its owner's alone, listed newest first in keyset pages,
// ended once (its result kept as given), kept alive by its runner's heartbeats, failed when its runner
// stops beating, and deleted when its time to live runs out.

import assert from "node:assert/strict";
import { it } from "node:test";
import type { Store } from "../../../src/store/store.ts";
import type { TaskRecord } from "../../../src/store/tasks.ts";

const at = (minute: number) => new Date(Date.UTC(2026, 5, 1, 12, minute)).toISOString();
const hour = 3_600_000;

/** A working task of `userId`, made at minute `minute`, run by `runner`. */
function task(id: string, minute: number, details: Partial<TaskRecord> = {}): TaskRecord {
  return {
    id,
    userId: "ann",
    tool: "agent.second_opinion",
    status: "working",
    statusMessage: null,
    result: null,
    createdAt: at(minute),
    updatedAt: at(minute),
    ttlMs: hour,
    runner: "node-a",
    heartbeatAt: at(minute),
    ...details,
  };
}

/** Registers the task cases against the store `current` returns. */
export function describeTaskCases(current: () => Store): void {
  it("gets a created task for its owner only", async () => {
    const { tasks } = current();
    const created = task("t1", 0, { statusMessage: "Asking the models" });
    await tasks.create({ ...created, result: { ignored: true } });
    assert.deepEqual(await tasks.get("ann", "t1"), created);
    assert.equal(await tasks.get("bob", "t1"), undefined);
    assert.equal(await tasks.get("ann", "t2"), undefined);
  });

  it("lists the owner's tasks newest first, ties by id, in keyset pages", async () => {
    const { tasks } = current();
    for (const [id, minute] of [
      ["a", 1],
      ["b", 2],
      ["c", 2],
      ["d", 3],
    ] as const)
      await tasks.create(task(id, minute));
    await tasks.create(task("bobs", 4, { userId: "bob" }));
    const first = await tasks.list("ann", { limit: 2 });
    assert.deepEqual(
      first.tasks.map((record) => record.id),
      ["d", "c"],
    );
    assert.equal(first.hasMore, true);
    const last = first.tasks.at(-1);
    const second = await tasks.list("ann", {
      limit: 2,
      ...(last ? { after: { createdAt: last.createdAt, id: last.id } } : {}),
    });
    assert.deepEqual(
      second.tasks.map((record) => record.id),
      ["b", "a"],
    );
    assert.equal(second.hasMore, false);
    assert.deepEqual(await tasks.list("eve", { limit: 5 }), { tasks: [], hasMore: false });
  });

  it("ends a working task once, keeping its status, message and result", async () => {
    const { tasks } = current();
    await tasks.create(task("t1", 0));
    const result = { content: [{ type: "text", text: "Paris." }], structuredContent: { cost: 0.5 } };
    assert.equal(
      await tasks.finish("t1", { status: "completed", statusMessage: null, result, at: at(5) }),
      true,
    );
    const cancel = { status: "cancelled", statusMessage: "Cancelled.", result: null, at: at(6) } as const;
    assert.equal(await tasks.finish("t1", cancel), false, "already ended");
    assert.equal(await tasks.finish("missing", cancel), false);
    assert.deepEqual(await tasks.get("ann", "t1"), {
      ...task("t1", 0),
      status: "completed",
      result,
      updatedAt: at(5),
    });
  });

  it("keeps the tasks of a beating runner alive and fails those whose runner stopped", async () => {
    const { tasks } = current();
    await tasks.create(task("alive", 0, { runner: "node-a" }));
    await tasks.create(task("orphan", 0, { runner: "node-b" }));
    await tasks.create(task("done", 0, { runner: "node-b" }));
    await tasks.finish("done", { status: "completed", statusMessage: null, result: {}, at: at(1) });
    await tasks.heartbeat("node-a", at(10));
    assert.equal((await tasks.get("ann", "alive"))?.heartbeatAt, at(10));
    assert.equal((await tasks.get("ann", "orphan"))?.heartbeatAt, at(0));

    assert.equal(await tasks.failStale(at(5), "Its server stopped.", at(11)), 1);
    const orphan = await tasks.get("ann", "orphan");
    assert.deepEqual(
      [orphan?.status, orphan?.statusMessage, orphan?.updatedAt],
      ["failed", "Its server stopped.", at(11)],
    );
    assert.equal((await tasks.get("ann", "alive"))?.status, "working");
    assert.equal((await tasks.get("ann", "done"))?.status, "completed");
    await tasks.heartbeat("node-b", at(12));
    assert.equal((await tasks.get("ann", "orphan"))?.heartbeatAt, at(0), "an ended task is not beaten");
    assert.equal(await tasks.failStale(at(5), "again", at(13)), 0);
  });

  it("deletes the tasks whose time to live ran out, and only those", async () => {
    const { tasks } = current();
    await tasks.create(task("short", 0, { ttlMs: 60_000 }));
    await tasks.create(task("long", 0, { ttlMs: hour }));
    await tasks.deleteExpired(Date.parse(at(0)) + 60_000 + 1);
    assert.equal(await tasks.get("ann", "short"), undefined);
    assert.equal((await tasks.get("ann", "long"))?.id, "long");
  });
}
