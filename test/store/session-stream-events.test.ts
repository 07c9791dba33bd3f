// The session streams' event writer: appends made in the same moment are written in one batch, in order;
// a stream whose batch the store refuses continues in memory from its last durable sequence, reads find it
// there, the reason is given once, and the store is used again for new streams once it takes writes.
// What memory keeps is bounded, the oldest events dropped first, and the reason says how many.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { maxKeptCharacters, sessionStreamEvents } from "../../src/store/session-stream-events.ts";
import type { StreamEvent, StreamEventStore } from "../../src/store/stream-events.ts";

/** A store in memory whose writes can be refused, as a read-only file refuses them. */
function durableStore() {
  const streams = new Map<string, StreamEvent[]>();
  const ends = new Set<string>();
  const state = { writable: true, batches: [] as number[] };
  const store: StreamEventStore = {
    async appendAll(events) {
      if (!state.writable) throw new Error("attempt to write a readonly database");
      state.batches.push(events.length);
      return events.map(({ session, stream, message }) => {
        const kept = streams.get(`${session}/${stream}`) ?? [];
        streams.set(`${session}/${stream}`, kept);
        kept.push({ sequence: kept.length + 1, message });
        return kept.length;
      });
    },
    async read(session, stream, sequence, limit) {
      const events = streams.get(`${session}/${stream}`) ?? [];
      const start = events.findIndex((event) => event.sequence === sequence);
      return start < 0 ? undefined : events.slice(start, start + limit);
    },
    async deleteExpired() {
      return 0;
    },
    async end(session) {
      if (!state.writable) throw new Error("attempt to write a readonly database");
      ends.add(session);
    },
    async ended(session) {
      return ends.has(session);
    },
  };
  return { store, state };
}

describe("the session streams' events", () => {
  it("writes the appends of one moment in one batch, in order, across streams", async () => {
    const { store, state } = durableStore();
    const events = sessionStreamEvents(store, () => {});
    const expiresAt = Date.now() + 60_000;
    const sequences = await Promise.all([
      events.append("s", "a", "1", expiresAt),
      events.append("s", "a", "2", expiresAt),
      events.append("t", "a", "1", expiresAt),
      events.append("s", "a", "3", expiresAt),
    ]);
    assert.deepEqual(sequences, [1, 2, 1, 3]);
    assert.deepEqual(state.batches, [4]);
    assert.deepEqual(
      (await events.read("s", "a", 1, 10))?.map((event) => event.message),
      ["1", "2", "3"],
    );
  });

  it("continues a stream in memory from its last durable sequence, and says why once", async () => {
    const { store, state } = durableStore();
    const said: string[] = [];
    const events = sessionStreamEvents(store, (reason) => said.push(reason));
    assert.equal(await events.append("s", "a", "1", Date.now() + 60_000), 1);
    assert.equal(await events.append("s", "a", "2", Date.now() + 60_000), 2);
    state.writable = false;
    assert.equal(await events.append("s", "a", "3", Date.now() + 60_000), 3);
    assert.equal(await events.append("s", "b", "1", Date.now() + 60_000), 1);
    assert.equal(said.length, 1);
    assert.match(events.degradedReason() ?? "", /this process only .*readonly database/);
    assert.deepEqual(await events.read("s", "a", 3, 10), [{ sequence: 3, message: "3" }]);
    assert.deepEqual(await events.read("s", "b", 1, 10), [{ sequence: 1, message: "1" }]);
    assert.equal(await events.read("other", "b", 1, 10), undefined, "another session's stream is a miss");
    assert.deepEqual(
      (await events.read("s", "a", 1, 10))?.map((event) => event.message),
      ["1", "2", "3"],
      "a stream that fell back mid-way reads on from the store into memory",
    );
  });

  it("uses the store again for new streams once it takes writes, and drops expired events", async () => {
    const { store, state } = durableStore();
    const events = sessionStreamEvents(store, () => {});
    state.writable = false;
    await events.append("s", "a", "1", 1_000);
    state.writable = true;
    assert.equal(await events.append("s", "c", "1", Date.now() + 60_000), 1);
    assert.equal(events.degradedReason(), undefined);
    assert.deepEqual(await store.read("s", "c", 1, 1), [{ sequence: 1, message: "1" }]);
    assert.equal(await events.deleteExpired(2_000), 1);
    assert.equal(await events.read("s", "a", 1, 1), undefined);
  });

  it("keeps at most 64 MiB of text in memory under sustained load, dropping the oldest, and says so", async () => {
    const { store, state } = durableStore();
    const events = sessionStreamEvents(store, () => {});
    state.writable = false;
    const mebibyte = "x".repeat(1024 * 1024);
    const expiresAt = Date.now() + 60_000;
    for (let index = 1; index <= 40; index++) await events.append("s", "old", mebibyte, expiresAt);
    for (let index = 1; index <= 40; index++) await events.append("t", "new", mebibyte, expiresAt);
    assert.equal(maxKeptCharacters, 64 * 1024 * 1024);
    assert.match(events.degradedReason() ?? "", /16 of the oldest were dropped to keep them within 64 MiB/);
    assert.equal(await events.read("s", "old", 1, 1), undefined, "the oldest events are gone");
    assert.equal((await events.read("s", "old", 17, 100))?.length, 24, "the old stream's newest are kept");
    assert.equal((await events.read("t", "new", 1, 100))?.length, 40);
    assert.equal(await events.append("s", "old", "next", expiresAt), 41, "the sequence goes on");
    assert.match(events.degradedReason() ?? "", /17 of the oldest/, "one more made room for it");
    assert.equal(await events.deleteExpired(expiresAt + 1), 64);
    assert.doesNotMatch(
      events.degradedReason() ?? "",
      /were dropped/,
      "once nothing is kept here, none is missing",
    );
  });

  it("keeps a session's end in memory while the store refuses it", async () => {
    const { store, state } = durableStore();
    const events = sessionStreamEvents(store, () => {});
    await events.end("durable", Date.now() + 60_000);
    state.writable = false;
    await events.end("kept-here", Date.now() + 60_000);
    assert.deepEqual(
      [await events.ended("durable"), await events.ended("kept-here"), await events.ended("open")],
      [true, true, false],
    );
    await events.deleteExpired(Date.now() + 120_000);
    assert.equal(await events.ended("kept-here"), false);
  });
});
