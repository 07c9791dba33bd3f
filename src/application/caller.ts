// Who is calling a use case. Front ends build a caller only from a verified identity (a bearer token, an
// API key, a web session the HTTP layer checked); without one the caller is the one local user, never an
// id the client made up in its arguments or metadata. Every front end (MCP tools, the web API) asks
// `callerOfAuth`.

import { localOwner } from "../store/store.ts";

/** A verified caller. `userId` owns what the caller creates; `tier` names what the caller may do. */
export interface Caller {
  userId: string;
  tier: string;
}

/** The tier of the one local user. */
export const localTier = "local";

/** The one local user: stdio, and HTTP without accounts. */
export const localCaller: Caller = Object.freeze({ userId: localOwner, tier: localTier });

/** What a transport verified about a request: the shape of the MCP SDK's `AuthInfo`, as far as it matters. */
export interface VerifiedIdentity {
  /** The account the credential belongs to (`userId`) and its tier (`tier`). */
  extra?: Record<string, unknown>;
}

/** The caller a verified identity names (the HTTP layer's `request.auth`); none: the local user. */
export function callerOfAuth(identity: VerifiedIdentity | undefined): Caller {
  const extra = identity?.extra;
  const userId = extra?.userId;
  const tier = extra?.tier;
  return typeof userId === "string" && userId.length > 0 && typeof tier === "string"
    ? { userId, tier }
    : localCaller;
}
