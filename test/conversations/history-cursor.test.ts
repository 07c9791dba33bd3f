// History cursors: they bring a caller back to the same place in the same conversation, and nothing else.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { decodeHistoryCursor, encodeHistoryCursor } from "../../src/conversations/history-cursor.ts";
import { ServiceError } from "../../src/errors/service-error.ts";

/** A cursor made of arbitrary JSON, as someone editing a cursor by hand would produce. */
function forged(content: unknown): string {
  return Buffer.from(JSON.stringify(content)).toString("base64url");
}

/** Asserts that decoding `cursor` for conversation-1 is refused as invalid_argument mentioning `fragment`. */
function assertRefused(cursor: string, fragment: RegExp): void {
  assert.throws(
    () => decodeHistoryCursor(cursor, "conversation-1"),
    (error: unknown) => {
      assert.ok(error instanceof ServiceError, `cursor ${cursor}: expected a ServiceError, got ${error}`);
      assert.equal(error.code, "invalid_argument");
      assert.match(error.message, fragment);
      return true;
    },
  );
}

describe("history cursors", () => {
  it("decode to the conversation and position they were made for", () => {
    const cursor = encodeHistoryCursor("conversation-1", 42);
    assert.match(cursor, /^[A-Za-z0-9_-]+$/);
    assert.deepEqual(decodeHistoryCursor(cursor, "conversation-1"), {
      conversationId: "conversation-1",
      afterSequence: 42,
    });
    assert.equal(
      decodeHistoryCursor(encodeHistoryCursor("conversation-1", 0), "conversation-1").afterSequence,
      0,
    );
  });

  it("are refused for another conversation", () => {
    assertRefused(encodeHistoryCursor("conversation-2", 5), /another conversation/);
  });

  it("are refused when they are not cursors at all", () => {
    for (const cursor of ["", "not a cursor!!", "%%%", "eyJ2Ijox"]) assertRefused(cursor, /not valid/);
  });

  it("are refused when altered into other JSON", () => {
    const altered = [
      { v: 2, c: "conversation-1", s: 5 },
      { v: 1, c: "conversation-1", s: -1 },
      { v: 1, c: "conversation-1", s: 1.5 },
      { v: 1, c: "conversation-1", s: "5" },
      { v: 1, s: 5 },
      [1, "conversation-1", 5],
      "conversation-1",
      7,
    ];
    for (const content of altered) assertRefused(forged(content), /not valid/);
  });

  it("are refused when altered into JSON null", () => {
    assertRefused(forged(null), /not valid/);
  });
});
