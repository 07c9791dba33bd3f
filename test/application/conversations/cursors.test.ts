// Paging cursors bring a caller back to the same place in the same conversation, and nothing else:
// they are signed, so an altered, forged or foreign cursor is refused.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  decodeHistoryCursor,
  encodeHistoryCursor,
} from "../../../src/application/conversations/history-cursor.ts";
import { createCursorCodec } from "../../../src/application/conversations/paging.ts";
import { ServiceError } from "../../../src/contract/service-error.ts";

const cursors = createCursorCodec("this database's key");

/** A cursor of arbitrary JSON with a made-up signature, as someone editing a cursor by hand would produce. */
function forged(content: unknown, signature = "AAAAAAAAAAAAAAAAAAAAAA"): string {
  return `${Buffer.from(JSON.stringify(content)).toString("base64url")}.${signature}`;
}

/** Asserts that decoding `cursor` for conversation-1 is refused as invalid_argument mentioning `fragment`. */
function assertRefused(cursor: string, fragment: RegExp): void {
  assert.throws(
    () => decodeHistoryCursor(cursors, cursor, "conversation-1"),
    (error: unknown) => {
      assert.ok(error instanceof ServiceError, `cursor ${cursor}: expected a ServiceError, got ${error}`);
      assert.equal(error.code, "invalid_argument");
      assert.match(error.message, fragment);
      return true;
    },
  );
}

describe("paging cursors", () => {
  it("decode to the conversation and position they were made for", () => {
    const cursor = encodeHistoryCursor(cursors, "conversation-1", 42);
    assert.match(cursor, /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    assert.deepEqual(decodeHistoryCursor(cursors, cursor, "conversation-1"), {
      conversationId: "conversation-1",
      afterSequence: 42,
    });
  });

  it("are refused for another conversation", () => {
    assertRefused(encodeHistoryCursor(cursors, "conversation-2", 5), /another conversation/);
  });

  it("are refused when they are not cursors at all", () => {
    for (const cursor of ["", "not a cursor!!", "%%%", "eyJ2Ijox", "a.b.c", "."])
      assertRefused(cursor, /not valid/);
  });

  it("are refused when forged, even with the right shape", () => {
    const forgeries = [
      forged({ v: 1, c: "conversation-1", s: 5 }),
      forged({ v: 1, c: "conversation-1", s: 5 }, ""),
      Buffer.from(JSON.stringify({ v: 1, c: "conversation-1", s: 5 })).toString("base64url"),
      forged({ v: 2, c: "conversation-1", s: 5 }),
      forged(null),
      forged([1, "conversation-1", 5]),
    ];
    for (const cursor of forgeries) assertRefused(cursor, /not valid/);
  });

  it("are refused when any character is changed", () => {
    const cursor = encodeHistoryCursor(cursors, "conversation-1", 40);
    for (let index = 0; index < cursor.length; index += 1) {
      if (cursor[index] === ".") continue;
      const changed = `${cursor.slice(0, index)}${cursor[index] === "A" ? "B" : "A"}${cursor.slice(index + 1)}`;
      if (changed === cursor) continue;
      assertRefused(changed, /not valid/);
    }
  });

  it("are refused when another database made them", () => {
    const foreign = encodeHistoryCursor(createCursorCodec("another database's key"), "conversation-1", 2);
    assertRefused(foreign, /not valid/);
  });

  it("are refused when signed but holding a position that cannot be", () => {
    for (const position of [{ c: "conversation-1", s: -1 }, { c: "conversation-1", s: 1.5 }, { s: 5 }]) {
      assertRefused(cursors.encode(position as Record<string, string | number>), /not valid/);
    }
  });
});
