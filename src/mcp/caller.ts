// Who is calling a tool. Only a verified identity counts; without one the caller is the anonymous
// local user (null), never an id the client made up.

import type { ServerContext } from "@modelcontextprotocol/server";

/** The verified user id of the caller, or null for the anonymous local user. */
export function callerOf(context: ServerContext): string | null {
  return context.http?.authInfo?.clientId ?? null;
}
