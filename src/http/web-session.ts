// The cookie of the web page's sessions. Signing in with an API key or an access token opens a session
// (the application keeps it: see application/accounts/web-sessions.ts); the browser's cookie carries
// its random id, never the key. The cookie is HttpOnly and SameSite=Strict. Over HTTPS (reached
// directly, through a public URL that is https, or through a proxy the server is told to trust that
// says X-Forwarded-Proto: https) it is `__Host-aiu_session`: Secure, Path=/ and no Domain, which a
// browser takes only from this very host over HTTPS, so no other site, parent domain or path can plant
// one. Over plain HTTP (localhost) it is `aiu_session`, sent only to /api. A request that carries more
// than one session cookie (one planted by another port of the host, sent first for its longer path) is
// refused rather than served as one of them.

import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import type { AuthInfo } from "@modelcontextprotocol/server";
import type { AuthSettings } from "../application/index.ts";

/** The cookie that carries a web session's id over plain HTTP. */
export const sessionCookie = "aiu_session";

/** The cookie that carries a web session's id over HTTPS: a browser takes it only from this host, over HTTPS, at Path=/. */
export const secureSessionCookie = "__Host-aiu_session";

/** The session cookie's name for a request reached over HTTPS (`secure`) or not. */
export function sessionCookieName(secure: boolean): string {
  return secure ? secureSessionCookie : sessionCookie;
}

/** The cookie earlier versions kept the key itself in; cleared at every sign-in and sign-out. */
export const retiredCredentialCookie = "aiu_credential";

/** A session id: 32 random bytes in base64url. */
const sessionIdPattern = /^[A-Za-z0-9_-]{43}$/;

/**
 * What a request's cookies say about its session: its id; `malformed`, why it cannot be one; or
 * `duplicated`, why a request with several is refused (the browser holds one this server did not set).
 */
export type SessionCookie = { id: string } | { malformed: string } | { duplicated: string } | undefined;

/**
 * The session cookie of `request` (`__Host-aiu_session` when `secure`, else `aiu_session`): its id,
 * why it cannot be one, or undefined when there is none.
 */
export function sessionCookieOf(request: IncomingMessage, secure: boolean): SessionCookie {
  const name = sessionCookieName(secure);
  const values = cookieValues(request.headers.cookie, name);
  if (values.length === 0) return undefined;
  if (values.length > 1) {
    return {
      duplicated: `This browser sent ${values.length} ${name} cookies; this server sets one, so another site or port on this host set the others, which could make your requests another account's. Clear this site's cookies and sign in again.`,
    };
  }
  const [id = ""] = values;
  if (sessionIdPattern.test(id)) return { id };
  return {
    malformed: `The ${name} cookie is malformed (not a session id this server hands out). Sign in again; if this persists, clear this site's cookies.`,
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

/**
 * Set-Cookie values: first the session cookie (`id`, or cleared when undefined), then the cookies of
 * earlier versions cleared (the key cookie, and over HTTPS the plain `aiu_session` at /api).
 */
export function sessionCookieHeaders(
  id: string | undefined,
  maxAgeSeconds: number,
  secure: boolean,
): string[] {
  const attributes = `HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`;
  const name = sessionCookieName(secure);
  const path = secure ? "/" : "/api";
  return [
    id === undefined
      ? `${name}=; Path=${path}; ${attributes}; Max-Age=0`
      : `${name}=${id}; Path=${path}; ${attributes}; Max-Age=${Math.max(1, Math.round(maxAgeSeconds))}`,
    `${retiredCredentialCookie}=; Path=/; ${attributes}; Max-Age=0`,
    ...(secure ? [`${sessionCookie}=; Path=/api; ${attributes}; Max-Age=0`] : []),
  ];
}

/** Opens, checks and closes the web page's sessions, in the request identities of the MCP SDK. */
export interface WebSessions {
  /** Opens a session for a verified identity; resolves with the id for the cookie and when it ends. */
  open(info: AuthInfo): Promise<{ id: string; expiresAt: number }>;
  /** The identity of the session `id`, or why there is none (ended, expired, its key revoked). */
  identify(id: string): Promise<{ info: AuthInfo } | { refusal: string }>;
  /** Ends the session `id` (nothing when it had already ended). */
  close(id: string): Promise<void>;
}
