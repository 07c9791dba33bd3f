// Opaque cursors for paging a conversation's history. A cursor names its conversation and the last
// sequence read; one from another conversation, or one that was altered, is refused.

import { ConsultationError } from "../consultation/consultation-error.ts";

interface CursorContent {
  conversationId: string;
  afterSequence: number;
}

/** Encodes the position after `afterSequence` in `conversationId`. */
export function encodeHistoryCursor(conversationId: string, afterSequence: number): string {
  return Buffer.from(JSON.stringify({ v: 1, c: conversationId, s: afterSequence })).toString("base64url");
}

/** Decodes a cursor for `conversationId`. Throws invalid_argument for a bad or foreign cursor. */
export function decodeHistoryCursor(cursor: string, conversationId: string): CursorContent {
  let content: { v?: unknown; c?: unknown; s?: unknown };
  try {
    content = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalid();
  }
  if (
    content.v !== 1 ||
    typeof content.c !== "string" ||
    !Number.isSafeInteger(content.s) ||
    (content.s as number) < 0
  ) {
    throw invalid();
  }
  if (content.c !== conversationId) {
    throw new ConsultationError(
      "invalid_argument",
      "This cursor belongs to another conversation. Use the nextCursor returned for this conversationId.",
    );
  }
  return { conversationId: content.c, afterSequence: content.s as number };
}

function invalid(): ConsultationError {
  return new ConsultationError(
    "invalid_argument",
    "The cursor is not valid. Pass nextCursor exactly as an earlier call returned it, or omit it to start at the first message.",
  );
}
