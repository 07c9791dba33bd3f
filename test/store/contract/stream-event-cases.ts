// Contract cases for the stream-events port: events come back in order, from the one a client last
// had, a batch in order; another session's events, an unknown event and expired events are not found; expired ones go; a
// session's end is kept until its time, for that session alone, and names no event.

import assert from "node:assert/strict";
import { it } from "node:test";
import type { Store } from "../../../src/store/store.ts";

/** Registers the stream-event cases against the store `current` returns. */
export function describeStreamEventCases(current: () => Store): void {
  const hour = 3_600_000;
  /** Appends one event, alone in its batch. */
  const append = async (session: string, stream: string, message: string, expiresAt: number) =>
    (await current().streamEvents.appendAll([{ session, stream, message, expiresAt }]))[0];

  it("numbers a stream's events 1, 2, 3 and reads them from the one asked for, in order", async () => {
    const store = current();
    const sequences = [];
    for (const text of ["{}", '{"a":1}', '{"a":2}', '{"a":3}'])
      sequences.push(await append("session-1", "stream-1", text, Date.now() + hour));
    assert.deepEqual(sequences, [1, 2, 3, 4]);
    assert.equal(await append("session-1", "stream-2", "{}", Date.now() + hour), 1);
    assert.deepEqual(await store.streamEvents.read("session-1", "stream-1", 2, 10), [
      { sequence: 2, message: '{"a":1}' },
      { sequence: 3, message: '{"a":2}' },
      { sequence: 4, message: '{"a":3}' },
    ]);
    assert.deepEqual(await store.streamEvents.read("session-1", "stream-1", 1, 2), [
      { sequence: 1, message: "{}" },
      { sequence: 2, message: '{"a":1}' },
    ]);
    assert.deepEqual(await store.streamEvents.read("session-1", "stream-1", 4, 10), [
      { sequence: 4, message: '{"a":3}' },
    ]);
  });

  it("appends a batch in order, in one go, across sessions and streams, numbering each stream on", async () => {
    const store = current();
    const expiresAt = Date.now() + hour;
    await append("a", "one", "{}", expiresAt);
    const sequences = await store.streamEvents.appendAll([
      { session: "a", stream: "one", message: '{"n":2}', expiresAt },
      { session: "b", stream: "one", message: "{}", expiresAt },
      { session: "a", stream: "one", message: '{"n":3}', expiresAt },
      { session: "a", stream: "two", message: "{}", expiresAt },
    ]);
    assert.deepEqual(sequences, [2, 1, 3, 1]);
    assert.deepEqual(
      (await store.streamEvents.read("a", "one", 1, 10))?.map((event) => event.message),
      ["{}", '{"n":2}', '{"n":3}'],
    );
    assert.deepEqual(await store.streamEvents.appendAll([]), []);
  });

  it("does not find another session's events, nor an event never stored", async () => {
    const store = current();
    await append("mine", "stream", '{"secret":true}', Date.now() + hour);
    await append("mine", "stream", '{"secret":2}', Date.now() + hour);
    assert.equal(await store.streamEvents.read("theirs", "stream", 1, 10), undefined);
    assert.equal(await store.streamEvents.read("mine", "other-stream", 1, 10), undefined);
    assert.equal(await store.streamEvents.read("mine", "stream", 3, 10), undefined);
  });

  it("deletes events whose time ran out, and only those", async () => {
    const store = current();
    const now = Date.now();
    await append("session", "old", "{}", now - 1);
    await append("session", "old", '{"b":1}', now - 1);
    await append("session", "fresh", "{}", now + hour);
    assert.equal(await store.streamEvents.deleteExpired(now), 2);
    assert.equal(await store.streamEvents.read("session", "old", 1, 10), undefined);
    assert.deepEqual(await store.streamEvents.read("session", "fresh", 1, 10), [
      { sequence: 1, message: "{}" },
    ]);
    assert.equal(await store.streamEvents.deleteExpired(now), 0);
  });

  it("keeps a session's end until its time, for that session alone, apart from its events", async () => {
    const store = current();
    const now = Date.now();
    await append("ending", "stream", '{"a":1}', now + hour);
    assert.equal(await store.streamEvents.ended("ending"), false);
    await store.streamEvents.end("ending", now + hour);
    await store.streamEvents.end("ending", now + hour);
    await store.streamEvents.end("ended-long-ago", now - 1);
    assert.equal(await store.streamEvents.ended("ending"), true);
    assert.equal(await store.streamEvents.ended("another"), false);
    assert.deepEqual(await store.streamEvents.read("ending", "stream", 1, 10), [
      { sequence: 1, message: '{"a":1}' },
    ]);
    assert.equal(await append("ending", "", "{}", now + hour), 1, "the end is no event");
    assert.equal(await store.streamEvents.deleteExpired(now), 1);
    assert.equal(await store.streamEvents.ended("ended-long-ago"), false);
    assert.equal(await store.streamEvents.ended("ending"), true);
  });
}
