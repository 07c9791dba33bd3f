// The web page's sessions. Signing in with an API key or an access token opens a session: its id is
// random (the browser's cookie carries it, never the key), the store keeps only the id's SHA-256, and
// the session ends at sign-out (its row deleted, on every node), after seven days, when an OAuth token
// it was opened with expires, or when the API key it was opened with is revoked. How the id travels
// (the cookie and its attributes) is the HTTP front end's business: see http/web-session.ts.

import { createHash, randomBytes } from "node:crypto";
import type { AuthMode } from "../../configuration/access.ts";
import type { AccountStore } from "../../store/accounts.ts";
import type { WebSessionStore } from "../../store/web-sessions.ts";
import type { Identification, Identity } from "./identity.ts";

/** How long a web session lasts at most: seven days. */
export const webSessionLifetimeMs = 7 * 24 * 60 * 60 * 1000;

/** Opens, checks and ends web sessions. */
export interface WebSessions {
  /** Opens a session for a verified identity; resolves with its id (for the cookie) and when it ends (epoch ms). */
  open(identity: Identity): Promise<{ id: string; expiresAt: number }>;
  /** The identity of the session `id`, or why there is none (ended, expired, its key revoked). */
  identify(id: string): Promise<Identification>;
  /** Ends the session `id` (nothing when it had already ended). */
  close(id: string): Promise<void>;
}

/**
 * Web sessions over the `sessions` port, checking API keys in `keys` (mode api-key). `tierOf` turns a
 * stored tier back into one the configuration knows; `now` is the clock (epoch milliseconds).
 */
export function createWebSessions(
  sessions: WebSessionStore,
  keys: Pick<AccountStore, "findKey">,
  mode: AuthMode,
  tierOf: (stored: string) => string,
  now: () => number = Date.now,
): WebSessions {
  return {
    async open(identity) {
      const id = randomBytes(32).toString("base64url");
      const createdAt = now();
      const tokenEnds =
        identity.expiresAt === undefined ? Number.POSITIVE_INFINITY : identity.expiresAt * 1000;
      const expiresAt = Math.min(createdAt + webSessionLifetimeMs, tokenEnds);
      await sessions.save({
        hash: hashOf(id),
        userId: identity.caller.userId,
        tier: identity.caller.tier,
        credentialId: identity.credentialId,
        createdAt,
        expiresAt,
      });
      return { id, expiresAt };
    },

    async identify(id) {
      const ended = "Your web session has ended (signed out, expired or revoked). Sign in again.";
      const session = await sessions.find(hashOf(id), now());
      if (!session) return { refusal: ended };
      let tier = session.tier;
      if (mode === "api-key") {
        // A key revoked since sign-in ends its sessions at once; its tier is read afresh.
        const key = await keys.findKey(session.credentialId);
        if (!key || key.revokedAt !== null || key.userId !== session.userId) return { refusal: ended };
        tier = key.tier;
      }
      return {
        identity: {
          caller: { userId: session.userId, tier: tierOf(tier) },
          credentialId: session.credentialId,
          expiresAt: Math.floor(session.expiresAt / 1000),
        },
      };
    },

    async close(id) {
      await sessions.delete(hashOf(id));
    },
  };
}

function hashOf(id: string): string {
  return createHash("sha256").update(id).digest("hex");
}
