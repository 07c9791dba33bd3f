// The cookie of the web page's sessions. Signing in with an API key or an access token opens a session
// (the application keeps it: see application/accounts/web-sessions.ts); the browser's cookie carries
// its random id, never the key. The cookie is HttpOnly, SameSite=Strict, sent only to /api, and Secure
// when the page was reached over HTTPS (directly, through a public URL that is https, or through a
// proxy the server is told to trust that says X-Forwarded-Proto: https).

import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import type { AuthInfo } from "@modelcontextprotocol/server";
import type { AuthSettings } from "../configuration/access.ts";

/** The cookie that carries a web session's id. */
export const sessionCookie = "aiu_session";

/** The cookie earlier versions kept the key itself in; cleared at every sign-in and sign-out. */
export const retiredCredentialCookie = "aiu_credential";

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

/** Opens, checks and closes the web page's sessions, in the request identities of the MCP SDK. */
export interface WebSessions {
  /** Opens a session for a verified identity; resolves with the id for the cookie and when it ends. */
  open(info: AuthInfo): Promise<{ id: string; expiresAt: number }>;
  /** The identity of the session `id`, or why there is none (ended, expired, its key revoked). */
  identify(id: string): Promise<{ info: AuthInfo } | { refusal: string }>;
  /** Ends the session `id` (nothing when it had already ended). */
  close(id: string): Promise<void>;
}
