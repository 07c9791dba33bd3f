// Cursors for paging a conversation's history. A cursor names its conversation and the last
// sequence read; one from another conversation, or one that was altered, is refused.

import { ServiceError } from "../../contract/service-error.ts";
import type { CursorCodec } from "./paging.ts";

interface HistoryPosition {
  c: string;
  s: number;
}

/** Encodes the position after `afterSequence` in `conversationId`. */
export function encodeHistoryCursor(
  cursors: CursorCodec,
  conversationId: string,
  afterSequence: number,
): string {
  return cursors.encode({ c: conversationId, s: afterSequence });
}

/** Decodes a cursor for `conversationId`. Throws invalid_argument for a bad or foreign cursor. */
export function decodeHistoryCursor(
  cursors: CursorCodec,
  cursor: string,
  conversationId: string,
): { conversationId: string; afterSequence: number } {
  const position = cursors.decode<HistoryPosition>(
    cursor,
    (value): value is HistoryPosition & Record<string, unknown> =>
      typeof value.c === "string" && Number.isSafeInteger(value.s) && (value.s as number) >= 0,
  );
  if (position.c !== conversationId) {
    throw new ServiceError(
      "invalid_argument",
      "This cursor belongs to another conversation. Use the nextCursor returned for this conversationId.",
    );
  }
  return { conversationId: position.c, afterSequence: position.s };
}
