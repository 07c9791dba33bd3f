// `/api/session`: the web page signs in (POST with an API key or access token, checked like a bearer
// one, answered with a new session's cookie) and out (DELETE: the session is ended in the store and its
// cookie cleared). The key or token itself is never kept: the cookie carries only a session id.

import type { IncomingMessage, ServerResponse } from "node:http";
import type { AuthSettings } from "../application/index.ts";
import type { SessionChange } from "../contract/web-api.ts";
import type { Authenticator } from "./authentication.ts";
import { sendError, sendJson } from "./http-responses.ts";
import { readJsonBody } from "./read-body.ts";
import {
  carriesRetiredCookie,
  reachedOverHttps,
  sessionCookieHeaders,
  sessionCookieOf,
} from "./web-session.ts";

/** Serves one /api/session request. */
export async function serveSignIn(
  request: IncomingMessage,
  response: ServerResponse,
  auth: AuthSettings,
  authenticator: Authenticator,
): Promise<void> {
  const secure = reachedOverHttps(request, auth);
  const current = sessionCookieOf(request, secure);
  const endCurrent = async () => {
    if (current && "id" in current) await authenticator.sessions.close(current.id);
  };
  if (request.method === "DELETE") {
    await endCurrent();
    response.setHeader("set-cookie", sessionCookieHeaders(undefined, 0, secure));
    sendJson(response, 200, { signedIn: false });
    return;
  }
  if (request.method !== "POST") {
    sendError(response, "method_not_allowed", "Sign in with POST, out with DELETE.");
    return;
  }
  if (auth.mode === "none") {
    sendError(response, "invalid_argument", "This server has no accounts; there is nothing to sign in to.");
    return;
  }
  const read = await readJsonBody(request, response, 65_536);
  if (!read) return;
  const credential = (read.body as { credential?: unknown } | null)?.credential;
  if (typeof credential !== "string" || credential.trim().length === 0 || credential.length > 8192) {
    sendError(response, "invalid_argument", "credential: paste your API key (or access token).");
    return;
  }
  const identity = await authenticator.identify(credential.trim());
  if ("refusal" in identity) {
    if (carriesRetiredCookie(request))
      response.setHeader("set-cookie", sessionCookieHeaders(undefined, 0, secure).slice(1));
    sendError(response, "unauthenticated", identity.refusal);
    return;
  }
  // A new sign-in replaces the session this browser had, so an old id cannot outlive it.
  await endCurrent();
  const session = await authenticator.sessions.open(identity.info);
  const extra = identity.info.extra as { userId: string; tier: string };
  response.setHeader(
    "set-cookie",
    sessionCookieHeaders(session.id, (session.expiresAt - Date.now()) / 1000, secure),
  );
  sendJson(response, 200, {
    signedIn: true,
    userId: extra.userId,
    tier: extra.tier,
    expiresAt: new Date(session.expiresAt).toISOString(),
  } satisfies SessionChange);
}
