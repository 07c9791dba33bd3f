// Paging helpers. Cursors are a versioned JSON position, base64url-encoded; decoding checks the shape, so
// an altered cursor is refused with a clear error instead of reading from a wrong position.

import { ServiceError } from "../errors/service-error.ts";

/** Encodes a position as an opaque cursor. */
export function encodeCursor(position: Record<string, string | number>): string {
  return Buffer.from(JSON.stringify({ v: 1, ...position })).toString("base64url");
}

/** Decodes a cursor, or throws invalid_argument when it is not one `isPosition` accepts. */
export function decodeCursor<T>(
  cursor: string,
  isPosition: (value: Record<string, unknown>) => value is T & Record<string, unknown>,
): T {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    value = undefined;
  }
  if (
    typeof value !== "object" ||
    value === null ||
    (value as { v?: unknown }).v !== 1 ||
    !isPosition(value as Record<string, unknown>)
  ) {
    throw new ServiceError(
      "invalid_argument",
      "The cursor is not valid. Pass nextCursor exactly as an earlier call returned it, or omit it to start at the first page.",
    );
  }
  return value as T;
}
