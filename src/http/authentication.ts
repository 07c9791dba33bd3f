// Who is calling over HTTP, per the configured mode: `none` (the one local user), `api-key` (a key
// made with `ai-universe keys create`) or `oauth` (a JWT bearer token, verified as an MCP resource
// server). A verified identity becomes the request's `auth`, which the MCP SDK hands to the tools as
// authInfo; nothing the client writes in arguments or metadata can change it. A request that proves
// nothing gets 401 with a WWW-Authenticate header that says how to authenticate.

import type { IncomingMessage, ServerResponse } from "node:http";
import type { AuthInfo } from "@modelcontextprotocol/server";
import { verifyApiKey } from "../accounts/api-keys.ts";
import { createOAuthVerifier, InvalidTokenError, type TokenIdentity } from "../accounts/oauth-verifier.ts";
import { type AuthSettings, defaultTierName } from "../configuration/access.ts";
import { requestContext } from "../observability/request-context.ts";
import type { AccountStore } from "../store/accounts.ts";
import { sendJson } from "./http-responses.ts";

/** The path of the OAuth protected resource metadata of /mcp (RFC 9728). */
export const resourceMetadataPath = "/.well-known/oauth-protected-resource";

/** The cookie that carries a web page's credential (HttpOnly, SameSite=Strict). */
export const credentialCookie = "aiu_credential";

/** Authenticates requests; `check` answers 401 itself and returns false when the caller is unknown. */
export interface Authenticator {
  /**
   * Sets `request.auth` to the verified identity (nothing in mode none); false when it answered 401.
   * With `cookie`, the credential may also come from the web page's cookie; with `silent`, an unknown
   * caller gets no answer (the caller of `check` answers).
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
}

/** Builds the authenticator of `auth`; `serverUrl` is where this server listens. */
export function createAuthenticator(
  auth: AuthSettings,
  store: Pick<AccountStore, "findApiKey">,
  tiers: Record<string, unknown>,
  serverUrl: () => string,
): Authenticator {
  const publicUrl = () => auth.publicUrl ?? serverUrl();
  const resource = () => `${publicUrl()}/mcp`;
  const oauth = auth.oauth;
  let verifyToken: ((token: string) => Promise<TokenIdentity>) | undefined;
  const tierOf = (name: string | undefined) => (name && name in tiers ? name : defaultTierName);

  /**
   * Answers 401. Without a token the challenge carries no error code (RFC 6750, section 3.1); with a
   * refused one it says why. Only mode oauth points at resource metadata: in mode api-key there is
   * none to find (see oauth-discovery.ts for what a client that looks anyway is told).
   */
  const refuse = (response: ServerResponse, message: string, error?: "invalid_token") => {
    const reason = error ? [`error="${error}"`, `error_description="${message.replaceAll('"', "'")}"`] : [];
    const parameters =
      auth.mode === "oauth"
        ? [...reason, `resource_metadata="${publicUrl()}${resourceMetadataPath}/mcp"`]
        : ['realm="ai-universe"', ...reason];
    response.setHeader("www-authenticate", `Bearer ${parameters.join(", ")}`);
    sendJson(response, 401, { jsonrpc: "2.0", id: null, error: { code: -32001, message } });
    return false;
  };

  /** The identity `token` proves, or why it proves none. */
  const identify = async (token: string): Promise<{ info: AuthInfo } | { refusal: string }> => {
    if (auth.mode === "api-key") {
      const key = await verifyApiKey(store, token);
      if (!key)
        return { refusal: "The API key is not valid or was revoked. Ask an administrator for a new one." };
      return {
        info: { token, clientId: key.id, scopes: [], extra: { userId: key.userId, tier: tierOf(key.tier) } },
      };
    }
    if (!oauth) return { refusal: "OAuth is not configured on this server." };
    verifyToken ??= createOAuthVerifier({
      issuer: oauth.issuer,
      audience: oauth.audience ?? resource(),
      ...(oauth.jwksUrl ? { jwksUrl: oauth.jwksUrl } : {}),
      tierClaim: oauth.tierClaim,
    });
    try {
      const identity = await verifyToken(token);
      return {
        info: {
          token,
          clientId: identity.clientId ?? "",
          scopes: [],
          ...(identity.expiresAt !== undefined ? { expiresAt: identity.expiresAt } : {}),
          resource: new URL(resource()),
          extra: { userId: identity.userId, tier: tierOf(identity.tier) },
        },
      };
    } catch (error) {
      if (!(error instanceof InvalidTokenError)) throw error;
      return { refusal: error.message };
    }
  };

  return {
    identify,
    async check(request, response, options = {}) {
      if (auth.mode === "none") return true;
      const header = request.headers.authorization ?? "";
      const token =
        /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] ??
        (options.cookie ? credentialCookieOf(request) : undefined);
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
      (request as IncomingMessage & { auth?: AuthInfo }).auth = identity.info;
      const context = requestContext.getStore();
      if (context) context.userId = (identity.info.extra as { userId: string }).userId;
      return true;
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

/** The credential in the web page's cookie, if any. */
function credentialCookieOf(request: IncomingMessage): string | undefined {
  const cookies = request.headers.cookie ?? "";
  for (const part of cookies.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === credentialCookie) return decodeURIComponent(value.join("="));
  }
  return undefined;
}

/** The user id of a request's verified identity, if any. */
export function authenticatedUser(request: IncomingMessage): string | undefined {
  const userId = (request as IncomingMessage & { auth?: AuthInfo }).auth?.extra?.userId;
  return typeof userId === "string" ? userId : undefined;
}
