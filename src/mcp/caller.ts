// Who is calling, for MCP requests: the identity the HTTP layer verified, read by the application's one
// rule (src/application/caller.ts); without one, the one local user.

import type { ServerContext } from "@modelcontextprotocol/server";
import { type Caller, callerOfAuth } from "../application/index.ts";

/** The verified caller of a request. */
export function callerOf(context: ServerContext): Caller {
  return callerOfAuth(context.http?.authInfo);
}
