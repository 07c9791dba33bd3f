// Session ids any node on the same database can check: a random part and a MAC over it and the user,
// keyed with the store's signing key (the same for every node). A node that did not open a session
// can so tell a genuine one of this user from a guess, and serve its requests without a lookup.

import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

const macBytes = 16;

/** Makes and checks session ids with `key`. */
export interface SessionIds {
  /** A new session id for `userId` (undefined: no sign-in). */
  mint(userId: string | undefined): string;
  /** Whether `id` was minted, by any node on this database, for `userId`. */
  genuine(id: string, userId: string | undefined): boolean;
}

/** Session ids signed with `key`. */
export function sessionIds(key: string): SessionIds {
  const mac = (random: string, userId: string | undefined) =>
    createHmac("sha256", key)
      .update(`mcp-session\n${random}\n${userId ?? ""}`)
      .digest()
      .subarray(0, macBytes);
  return {
    mint(userId) {
      const random = randomBytes(16).toString("base64url");
      return `${random}.${mac(random, userId).toString("base64url")}`;
    },
    genuine(id, userId) {
      const [random, signature, extra] = id.split(".");
      if (!random || !signature || extra !== undefined) return false;
      const given = Buffer.from(signature, "base64url");
      return given.length === macBytes && timingSafeEqual(given, mac(random, userId));
    },
  };
}
