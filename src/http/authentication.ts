// Who is calling over HTTP, per the configured mode: `none` (the one local user), `api-key` (a key
// made with `ai-universe keys create`) or `oauth` (a JWT bearer token, verified as an MCP resource
// server). A verified identity becomes the request's `auth`, which the MCP SDK hands to the tools as
// authInfo; nothing the client writes in arguments or metadata can change it. A request that proves
// nothing gets 401 with a WWW-Authenticate header that says how to authenticate. The web page signs in
// once and is then known by its session cookie (web-session.ts); only /api takes that cookie. What a
// key, token or session proves is the application's to say (`identify`): this file only finds the
// credential in the request and answers for it.

import type { IncomingMessage, ServerResponse } from "node:http";
import type { AuthInfo } from "@modelcontextprotocol/server";
import {
  type Application,
  type AuthSettings,
  type Caller,
  callerOfAuth,
  type Identification,
  type Identity,
  requestContext,
} from "../application/index.ts";
import { sendError } from "./http-responses.ts";
import { reachedOverHttps, sessionCookieHeaders, sessionCookieOf, type WebSessions } from "./web-session.ts";

/** The path of the OAuth protected resource metadata of /mcp (RFC 9728). */
export const resourceMetadataPath = "/.well-known/oauth-protected-resource";

/** Authenticates requests; `check` answers 401 itself and returns false when the caller is unknown. */
export interface Authenticator {
  /**
   * Sets `request.auth` to the verified identity (nothing in mode none); false when it answered 401.
   * With `cookie`, the caller may also be the web page's session; a malformed session cookie is
   * answered 400 (and cleared) even with `silent`, with which an unknown caller gets no answer (the
   * caller of `check` answers).
   */
  check(
    request: IncomingMessage,
    response: ServerResponse,
    options?: { cookie?: boolean; silent?: boolean },
  ): Promise<boolean>;
  /** The identity a key or token proves, or why it proves none. */
  identify(token: string): Promise<{ info: AuthInfo } | { refusal: string }>;
  /** The protected resource metadata, or undefined when the mode is not oauth. */
  resourceMetadata(): Record<string, unknown> | undefined;
  /** The web page's sessions. */
  readonly sessions: WebSessions;
}

type Accounts = Pick<Application, "identify" | "openWebSession" | "closeWebSession">;
type Answer = (
  found: Identification,
  token: string,
  bearer: boolean,
) => { info: AuthInfo } | { refusal: string };

/**
 * Builds the authenticator of `auth` over `application`'s account use cases; `serverUrl` is where this
 * server listens.
 */
export function createAuthenticator(
  auth: AuthSettings,
  application: Accounts,
  serverUrl: () => string,
): Authenticator {
  const publicUrl = () => auth.publicUrl ?? serverUrl();
  const resource = () => `${publicUrl()}/mcp`;
  const oauth = auth.oauth;

  /** The request identity (the MCP SDK's authInfo) of a verified identity. */
  const authInfoOf = (identity: Identity, token: string, bearer: boolean): AuthInfo => ({
    token,
    clientId: identity.credentialId,
    scopes: [],
    ...(identity.expiresAt !== undefined ? { expiresAt: identity.expiresAt } : {}),
    ...(bearer && auth.mode === "oauth" ? { resource: new URL(resource()) } : {}),
    extra: { userId: identity.caller.userId, tier: identity.caller.tier },
  });
  const answer: Answer = (found, token, bearer) =>
    "refusal" in found ? found : { info: authInfoOf(found.identity, token, bearer) };
  const sessions = webSessionsOf(application, answer);
  const identify = async (token: string): Promise<{ info: AuthInfo } | { refusal: string }> =>
    answer(await application.identify({ bearer: token, resource: resource() }), token, true);
  const refuse = (response: ServerResponse, message: string, error?: "invalid_token") =>
    challenge(response, auth, publicUrl(), message, error);

  return {
    identify,
    sessions,
    async check(request, response, options = {}) {
      if (auth.mode === "none") return true;
      const header = request.headers.authorization ?? "";
      const token = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
      const session =
        !token && options.cookie ? await sessionOf(request, response, auth, sessions) : undefined;
      if (session && "answered" in session) return false;
      if (session && "refusal" in session)
        return options.silent ? false : refuse(response, session.refusal, "invalid_token");
      if (session) return admit(request, session.info);
      if (!token) {
        const how =
          auth.mode === "api-key"
            ? "send an API key as Authorization: Bearer <key> (an administrator makes one with: ai-universe keys create --user <id>)"
            : `send an OAuth access token from ${oauth?.issuer} as Authorization: Bearer <token>`;
        return options.silent ? false : refuse(response, `This server needs you to sign in: ${how}.`);
      }
      const identity = await identify(token);
      if ("refusal" in identity)
        return options.silent ? false : refuse(response, identity.refusal, "invalid_token");
      return admit(request, identity.info);
    },
    resourceMetadata() {
      if (auth.mode !== "oauth" || !oauth) return undefined;
      return {
        resource: resource(),
        authorization_servers: [oauth.issuer],
        bearer_methods_supported: ["header"],
        resource_name: "AI Universe",
      };
    },
  };
}

/** The web page's sessions, kept by the application's account use cases. */
function webSessionsOf(application: Accounts, answer: Answer): WebSessions {
  return {
    open: (info) => {
      const extra = info.extra as { userId: string; tier: string };
      return application.openWebSession({
        caller: { userId: extra.userId, tier: extra.tier },
        credentialId: info.clientId,
        ...(info.expiresAt !== undefined ? { expiresAt: info.expiresAt } : {}),
      });
    },
    identify: async (id) => answer(await application.identify({ session: id }), "", false),
    close: (id) => application.closeWebSession(id),
  };
}

/**
 * Answers 401. Without a token the challenge carries no error code (RFC 6750, section 3.1); with a
 * refused one it says why. Only mode oauth points at resource metadata: in mode api-key there is
 * none to find (see oauth-discovery.ts for what a client that looks anyway is told).
 */
function challenge(
  response: ServerResponse,
  auth: AuthSettings,
  publicUrl: string,
  message: string,
  error?: "invalid_token",
): false {
  const reason = error ? [`error="${error}"`, `error_description="${message.replaceAll('"', "'")}"`] : [];
  const parameters =
    auth.mode === "oauth"
      ? [...reason, `resource_metadata="${publicUrl}${resourceMetadataPath}/mcp"`]
      : ['realm="ai-universe"', ...reason];
  response.setHeader("www-authenticate", `Bearer ${parameters.join(", ")}`);
  sendError(response, "unauthenticated", message);
  return false;
}

/** The identity of the web page's session cookie; undefined when it carries none. */
async function sessionOf(
  request: IncomingMessage,
  response: ServerResponse,
  auth: AuthSettings,
  sessions: WebSessions,
): Promise<{ info: AuthInfo } | { refusal: string } | { answered: true } | undefined> {
  const secure = reachedOverHttps(request, auth);
  const cookie = sessionCookieOf(request, secure);
  if (!cookie) return undefined;
  if ("duplicated" in cookie) {
    // Not cleared: this server can clear only its own, which would leave the planted one in charge.
    sendError(response, "invalid_argument", cookie.duplicated);
    return { answered: true };
  }
  if ("malformed" in cookie) {
    sendError(response, "invalid_argument", cookie.malformed, {
      headers: { "set-cookie": sessionCookieHeaders(undefined, 0, secure)[0] ?? "" },
    });
    return { answered: true };
  }
  return sessions.identify(cookie.id);
}

/** A request with the identity `check` verified, if any. */
type Authenticated = IncomingMessage & { auth?: AuthInfo };

/** Makes `info` the request's verified identity (and its log lines' user); true. */
function admit(request: Authenticated, info: AuthInfo): true {
  request.auth = info;
  const context = requestContext.getStore();
  if (context) context.userId = (info.extra as { userId: string }).userId;
  return true;
}

/** The user id of a request's verified identity, if any. */
export function authenticatedUser(request: Authenticated): string | undefined {
  const userId = request.auth?.extra?.userId;
  return typeof userId === "string" ? userId : undefined;
}

/** The caller a request's verified identity proves; the local user when it has none (mode none). */
export const callerOf = (request: Authenticated): Caller => callerOfAuth(request.auth);
