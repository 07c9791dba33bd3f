// DNS-rebinding protection: the Host header must name this server, and a browser's Origin an allowed
// site. The MCP SDK's checks decide; a refusal is answered 403 in the shape of the path (a JSON-RPC error
// on /mcp, the JSON error body elsewhere), like every other refusal (see http-responses.ts).

import type { IncomingMessage, ServerResponse } from "node:http";
import { validateHostHeader, validateOriginHeader } from "@modelcontextprotocol/server";
import { sendError } from "./http-responses.ts";

/** A check that answers 403 and returns false for a request from a host or origin not allowed. */
export function rebindingGuard(
  hosts: string[],
  origins: string[],
): (request: IncomingMessage, response: ServerResponse) => boolean {
  return (request, response) => {
    const host = validateHostHeader(request.headers.host, hosts);
    const origin = host.ok ? validateOriginHeader(request.headers.origin, origins) : host;
    if (origin.ok) return true;
    sendError(response, "forbidden", origin.message);
    return false;
  };
}
