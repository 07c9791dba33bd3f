// Who a credential proves the caller is, per the configured mode: `api-key` (a key made with
// `ai-universe keys create`, checked against its stored hash) or `oauth` (a JWT bearer token, verified
// as an MCP resource server), and in either mode a web session opened with one of those. The tier
// comes from the key, the token's claim or the session, and is always one the configuration knows.
// A token's subject is namespaced by its issuer (oauthUserId), so no token can name the local user, a
// key's user, or another issuer's subject.

import { type AuthSettings, defaultTierName, isTierName } from "../../configuration/access.ts";
import { verifyApiKey } from "../../credentials/api-keys.ts";
import type { AccountStore } from "../../store/accounts.ts";
import { localTier } from "../caller.ts";
import type { Credential, Identification } from "./identity.ts";
import type { WebSessions } from "./web-sessions.ts";

/**
 * The user id of the OAuth subject `sub` of `issuer`: `oauth:<issuer host and path>:<sub>`. Bare, a
 * subject could be `local` (the command line's user) or the user of an API key, and share their data.
 */
export function oauthUserId(issuer: string, sub: string): string {
  const url = new URL(issuer);
  return `oauth:${url.host}${url.pathname.replace(/\/+$/, "")}:${sub}`;
}

/** Identifies callers from their credentials. */
export type IdentifyCaller = (credential: Credential) => Promise<Identification>;

/**
 * A configured tier, else the default. A name a token claims (`claimed`) never gets the unlimited
 * local tier, which only the one local user has.
 */
export function configuredTier(tiers: Readonly<Record<string, unknown>>) {
  return (name: string | undefined, claimed = false): string =>
    name && isTierName(tiers, name) && !(claimed && name === localTier) ? name : defaultTierName;
}

/** Identifies callers per `auth`, with API keys in `keys` and the web page's `sessions`. */
export function createCallerIdentification(
  auth: AuthSettings,
  tiers: Readonly<Record<string, unknown>>,
  keys: Pick<AccountStore, "findKey">,
  sessions: WebSessions,
): IdentifyCaller {
  const tierOf = configuredTier(tiers);
  const verifiers = new Map<string, Promise<(token: string) => Promise<Identification>>>();

  /** The verifier of tokens for `audience`, made (and the JWT library loaded) at its first token. */
  const tokenVerifier = (audience: string) => {
    const oauth = auth.oauth;
    let verifier = verifiers.get(audience);
    if (!verifier && oauth) {
      verifier = import("../../credentials/oauth-verifier.ts").then(
        ({ createOAuthVerifier, InvalidTokenError }) => {
          const verify = createOAuthVerifier({
            issuer: oauth.issuer,
            audience,
            ...(oauth.jwksUrl ? { jwksUrl: oauth.jwksUrl } : {}),
            tierClaim: oauth.tierClaim,
          });
          return async (token: string): Promise<Identification> => {
            try {
              const identity = await verify(token);
              return {
                identity: {
                  caller: {
                    userId: oauthUserId(oauth.issuer, identity.userId),
                    tier: tierOf(identity.tier, true),
                  },
                  credentialId: identity.clientId ?? "",
                  ...(identity.expiresAt !== undefined ? { expiresAt: identity.expiresAt } : {}),
                },
              };
            } catch (error) {
              if (!(error instanceof InvalidTokenError)) throw error;
              return { refusal: error.message };
            }
          };
        },
      );
      verifiers.set(audience, verifier);
    }
    return verifier;
  };

  return async (credential) => {
    if ("session" in credential) return sessions.identify(credential.session);
    if (auth.mode === "api-key") {
      const key = await verifyApiKey(keys, credential.bearer);
      if (!key)
        return { refusal: "The API key is not valid or was revoked. Ask an administrator for a new one." };
      return { identity: { caller: { userId: key.userId, tier: tierOf(key.tier) }, credentialId: key.id } };
    }
    const verify = tokenVerifier(auth.oauth?.audience ?? credential.resource);
    if (!verify) return { refusal: "OAuth is not configured on this server." };
    return (await verify)(credential.bearer);
  };
}
