// Who is calling, for MCP requests. Only an identity the HTTP layer verified counts; without one the
// caller is the one local user, never an id the client put in its arguments or metadata.

import type { AuthInfo, ServerContext } from "@modelcontextprotocol/server";
import { type Caller, localCaller } from "../application/caller.ts";

/** The verified caller of a request. */
export function callerOf(context: ServerContext): Caller {
  return callerOfAuth(context.http?.authInfo);
}

/** The caller a verified identity names (the HTTP layer's `request.auth`); none: the local user. */
export function callerOfAuth(authInfo: AuthInfo | undefined): Caller {
  const extra = authInfo?.extra;
  const userId = extra?.userId;
  const tier = extra?.tier;
  return typeof userId === "string" && userId.length > 0 && typeof tier === "string"
    ? { userId, tier }
    : localCaller;
}
