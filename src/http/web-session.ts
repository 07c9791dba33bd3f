// The web page's sessions. Signing in with an API key or an access token opens a session: the browser's
// cookie carries its random id (never the key), the store keeps only the id's SHA-256, and the session
// ends at sign-out (its row deleted, on every node), after seven days, when an OAuth token it was opened
// with expires, or when the API key it was opened with is revoked. The cookie is HttpOnly, SameSite=Strict,
// sent only to /api, and Secure when the page was reached over HTTPS (directly, through a public URL
// that is https, or through a proxy the server is told to trust that says X-Forwarded-Proto: https).

import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import type { AuthInfo } from "@modelcontextprotocol/server";
import type { AuthSettings } from "../configuration/access.ts";
import type { AccountStore } from "../store/accounts.ts";
import type { WebSessionStore } from "../store/web-sessions.ts";

/** The cookie that carries a web session's id. */
export const sessionCookie = "aiu_session";

/** The cookie earlier versions kept the key itself in; cleared at every sign-in and sign-out. */
export const retiredCredentialCookie = "aiu_credential";

/** How long a web session lasts at most: seven days. */
export const webSessionLifetimeMs = 7 * 24 * 60 * 60 * 1000;

/** A session id: 32 random bytes in base64url. */
const sessionIdPattern = /^[A-Za-z0-9_-]{43}$/;

/** What a request's cookies say about its session. */
export type SessionCookie = { id: string } | { malformed: string } | undefined;

/** The session cookie of `request`: its id, why it cannot be one, or undefined when there is none. */
export function sessionCookieOf(request: IncomingMessage): SessionCookie {
  const values = cookieValues(request.headers.cookie, sessionCookie);
  if (values.length === 0) return undefined;
  const id = values.find((value) => sessionIdPattern.test(value));
  if (id) return { id };
  return {
    malformed: `The ${sessionCookie} cookie is malformed (not a session id this server hands out). Sign in again; if this persists, clear this site's cookies.`,
  };
}

/** Whether the request carries the cookie earlier versions kept the key in. */
export function carriesRetiredCookie(request: IncomingMessage): boolean {
  return cookieValues(request.headers.cookie, retiredCredentialCookie).length > 0;
}

/** The values of cookie `name` in a Cookie header, as sent (never decoded, so never failing). */
function cookieValues(header: string | undefined, name: string): string[] {
  const values: string[] = [];
  for (const part of (header ?? "").split(";")) {
    const equals = part.indexOf("=");
    if (equals < 0 || part.slice(0, equals).trim() !== name) continue;
    values.push(
      part
        .slice(equals + 1)
        .trim()
        .replace(/^"(.*)"$/, "$1"),
    );
  }
  return values;
}

/**
 * Whether the browser reached this server over HTTPS: a TLS socket, a public URL that is https, or
 * `X-Forwarded-Proto: https` from a proxy the server trusts (AI_UNIVERSE_TRUST_PROXY); without that
 * setting the header is ignored, since any client could send it.
 */
export function reachedOverHttps(request: IncomingMessage, auth: AuthSettings): boolean {
  if ((request.socket as Partial<TLSSocket>).encrypted === true) return true;
  if (auth.publicUrl?.startsWith("https:")) return true;
  if (!auth.trustProxy) return false;
  const forwarded = request.headers["x-forwarded-proto"];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim().toLowerCase();
  return first === "https";
}

/** Set-Cookie values: the session cookie (`id`, or cleared when undefined) and the legacy one cleared. */
export function sessionCookieHeaders(
  id: string | undefined,
  maxAgeSeconds: number,
  secure: boolean,
): string[] {
  const attributes = `HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`;
  return [
    id === undefined
      ? `${sessionCookie}=; Path=/api; ${attributes}; Max-Age=0`
      : `${sessionCookie}=${id}; Path=/api; ${attributes}; Max-Age=${Math.max(1, Math.round(maxAgeSeconds))}`,
    `${retiredCredentialCookie}=; Path=/; ${attributes}; Max-Age=0`,
  ];
}

/** Opens, checks and closes web sessions over the store. */
export interface WebSessions {
  /** Opens a session for a verified identity; resolves with the id for the cookie and when it ends. */
  open(info: AuthInfo): Promise<{ id: string; expiresAt: number }>;
  /** The identity of the session `id`, or why there is none (ended, expired, its key revoked). */
  identify(id: string): Promise<{ info: AuthInfo } | { refusal: string }>;
  /** Ends the session `id` (nothing when it had already ended). */
  close(id: string): Promise<void>;
}

/**
 * Web sessions over `store`. `tierOf` turns a stored tier back into one the configuration knows, and
 * `now` is the clock (epoch milliseconds).
 */
export function createWebSessions(
  store: Pick<AccountStore, "findApiKey"> & WebSessionStore,
  mode: AuthSettings["mode"],
  tierOf: (stored: string) => string,
  now: () => number = Date.now,
): WebSessions {
  return {
    async open(info) {
      const id = randomBytes(32).toString("base64url");
      const createdAt = now();
      const tokenEnds = info.expiresAt === undefined ? Number.POSITIVE_INFINITY : info.expiresAt * 1000;
      const expiresAt = Math.min(createdAt + webSessionLifetimeMs, tokenEnds);
      const extra = info.extra as { userId: string; tier: string };
      await store.saveWebSession({
        hash: hashOf(id),
        userId: extra.userId,
        tier: extra.tier,
        credentialId: info.clientId,
        createdAt,
        expiresAt,
      });
      return { id, expiresAt };
    },

    async identify(id) {
      const ended = "Your web session has ended (signed out, expired or revoked). Sign in again.";
      const session = await store.findWebSession(hashOf(id), now());
      if (!session) return { refusal: ended };
      let tier = session.tier;
      if (mode === "api-key") {
        // A key revoked since sign-in ends its sessions at once; its tier is read afresh.
        const key = await store.findApiKey(session.credentialId);
        if (!key || key.revokedAt !== null || key.userId !== session.userId) return { refusal: ended };
        tier = key.tier;
      }
      return {
        info: {
          token: "",
          clientId: session.credentialId,
          scopes: [],
          expiresAt: Math.floor(session.expiresAt / 1000),
          extra: { userId: session.userId, tier: tierOf(tier) },
        },
      };
    },

    async close(id) {
      await store.deleteWebSession(hashOf(id));
    },
  };
}

function hashOf(id: string): string {
  return createHash("sha256").update(id).digest("hex");
}
