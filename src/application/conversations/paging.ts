// Paging cursors: a versioned JSON position, base64url-encoded, signed with an HMAC under a key the
// database keeps. A cursor that was altered, forged, or made by another database is refused with a
// clear error instead of reading from a position the caller was never given.

import { createHmac, timingSafeEqual } from "node:crypto";
import { ServiceError } from "../../contract/service-error.ts";

/** Encodes and checks cursors under one key. */
export interface CursorCodec {
  encode(position: Record<string, string | number>): string;
  /** The position, or throws invalid_argument when the cursor is not one this codec made and `isPosition` accepts. */
  decode<T>(
    cursor: string,
    isPosition: (value: Record<string, unknown>) => value is T & Record<string, unknown>,
  ): T;
}

/** Bytes of the HMAC kept in a cursor (128 bits). */
const macBytes = 16;

/** A codec signing with `key` (the store's signing key). */
export function createCursorCodec(key: string): CursorCodec {
  // The signature is compared as text: base64url text that differs only in unused trailing bits would
  // decode to the same bytes, and a changed cursor must never pass.
  const sign = (payload: string) =>
    Buffer.from(
      createHmac("sha256", key).update(payload).digest().subarray(0, macBytes).toString("base64url"),
    );
  return {
    encode(position) {
      const payload = Buffer.from(JSON.stringify({ v: 1, ...position })).toString("base64url");
      return `${payload}.${sign(payload).toString()}`;
    },
    decode(cursor, isPosition) {
      const [payload = "", mac = "", extra] = cursor.split(".");
      const given = Buffer.from(mac);
      const expected = sign(payload);
      const valid =
        extra === undefined && given.length === expected.length && timingSafeEqual(given, expected);
      let value: unknown;
      try {
        value = valid ? JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) : undefined;
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
      return value as never;
    },
  };
}
