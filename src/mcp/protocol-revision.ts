// Which protocol revision a 2025-era request is served on, and whether that revision has MCP Tasks
// (2025-11-25 and later), so tasks are offered only to clients that can speak them.

import type { Server, ServerContext } from "@modelcontextprotocol/server";

/** The first revision with MCP Tasks. */
export const firstTaskRevision = "2025-11-25";

/**
 * The revision `server` serves: the one negotiated at `initialize`, else (a session opened on another
 * node) the request's `MCP-Protocol-Version` header; undefined when neither says, which the
 * specification reads as 2025-03-26.
 */
export function servedRevision(server: Server, context?: ServerContext): string | undefined {
  return (
    server.getNegotiatedProtocolVersion() ??
    context?.http?.req?.headers.get("mcp-protocol-version") ??
    undefined
  );
}

/** Whether `revision` has MCP Tasks. Revisions are dates, so they compare as text. */
export function revisionHasTasks(revision: string | undefined): boolean {
  return revision !== undefined && revision >= firstTaskRevision;
}
