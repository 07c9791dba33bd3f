// Verifies OAuth bearer tokens (JWTs from an OpenID Connect issuer) as a resource server: the
// signature against the issuer's JWKS, the issuer, the audience (this server) and the expiry. The
// caller is the token's subject, never its client id; the tier comes from a configured claim.

import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from "jose";

/** Who a valid token names. */
export interface TokenIdentity {
  userId: string;
  tier?: string;
  clientId?: string;
  expiresAt?: number;
}

/** A token that does not prove an identity; the message says why, without the token. */
export class InvalidTokenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InvalidTokenError";
  }
}

/** Settings of the verifier. */
export interface OAuthVerifierSettings {
  issuer: string;
  audience: string;
  jwksUrl?: string;
  tierClaim: string;
}

/** A verifier of bearer tokens; the JWKS is found (OpenID discovery) and fetched on first use. */
export function createOAuthVerifier(
  settings: OAuthVerifierSettings,
): (token: string) => Promise<TokenIdentity> {
  let keySet: Promise<ReturnType<typeof createRemoteJWKSet>> | undefined;
  const keys = () => {
    keySet ??= jwksUrlOf(settings).then((url) => createRemoteJWKSet(new URL(url)));
    keySet.catch(() => {
      keySet = undefined;
    });
    return keySet;
  };
  return async (token) => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, await keys(), {
        issuer: settings.issuer,
        audience: settings.audience,
      }));
    } catch (error) {
      throw new InvalidTokenError(reasonOf(error, settings));
    }
    if (typeof payload.sub !== "string" || payload.sub.length === 0) {
      throw new InvalidTokenError("The token has no subject (sub claim), so it names no user.");
    }
    const tier = payload[settings.tierClaim];
    const clientId = payload.azp ?? payload.client_id;
    return {
      userId: payload.sub,
      ...(typeof tier === "string" ? { tier } : {}),
      ...(typeof clientId === "string" ? { clientId } : {}),
      ...(payload.exp !== undefined ? { expiresAt: payload.exp } : {}),
    };
  };
}

async function jwksUrlOf(settings: OAuthVerifierSettings): Promise<string> {
  if (settings.jwksUrl) return settings.jwksUrl;
  const discovery = `${settings.issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`;
  const response = await fetch(discovery, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`OpenID discovery at ${discovery} answered HTTP ${response.status}.`);
  const { jwks_uri: jwksUri } = (await response.json()) as { jwks_uri?: unknown };
  if (typeof jwksUri !== "string") throw new Error(`OpenID discovery at ${discovery} names no jwks_uri.`);
  return jwksUri;
}

function reasonOf(error: unknown, settings: OAuthVerifierSettings): string {
  if (error instanceof errors.JWTExpired) return "The token has expired; get a new one.";
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === "iss") return `The token was not issued by ${settings.issuer}.`;
    if (error.claim === "aud")
      return `The token is not meant for this server (audience ${settings.audience}).`;
    return `The token's ${error.claim} claim is not valid: ${error.reason}.`;
  }
  if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey) {
    return `The token's signature does not match any key of ${settings.issuer}.`;
  }
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) {
    return `The keys of ${settings.issuer} could not be fetched; try again later.`;
  }
  if (error instanceof errors.JOSEError) return "The token is malformed or uses an unsupported algorithm.";
  return `The issuer's keys could not be fetched: ${(error as Error).message}`;
}
