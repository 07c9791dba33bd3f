// Who is calling, for MCP requests. Only an identity the HTTP layer verified counts; without one the
// caller is the one local user, never an id the client put in its arguments or metadata.

import type { ServerContext } from "@modelcontextprotocol/server";
import { type Caller, localCaller } from "../application/caller.ts";

/** The verified caller of a request. */
export function callerOf(context: ServerContext): Caller {
  const extra = context.http?.authInfo?.extra;
  const userId = extra?.userId;
  const tier = extra?.tier;
  return typeof userId === "string" && userId.length > 0 && typeof tier === "string"
    ? { userId, tier }
    : localCaller;
}
