// Who is calling, from the identity a transport verified. Only an identity the HTTP layer checked counts
// (a bearer token, an API key, a web session); without one the caller is the one local user, never an id a
// client put in its arguments or metadata. Every front end (MCP tools, the web API) asks this one function.

import { type Caller, localCaller } from "./caller.ts";

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
