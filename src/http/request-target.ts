// Normalises what a request names before anything routes on it: an absolute-form target
// (`POST http://host/mcp`, which HTTP/1.1 servers must accept) becomes its path, and a Host header
// that is not a host name or address (user info, spaces) is refused with 400. A request with no Host
// at all (HTTP/1.0) goes on to the Host check, which refuses it with 403 like any host not allowed.

import type { IncomingMessage, ServerResponse } from "node:http";
import { sendError } from "./http-responses.ts";

/** The JSON-RPC code of a request the server cannot route. */
const invalidRequest = -32600;

const hostPattern = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** True when the request may be routed; otherwise a 400 was sent. Rewrites an absolute-form target. */
export function wellFormedTarget(request: IncomingMessage, response: ServerResponse): boolean {
  const host = request.headers.host;
  if (host !== undefined && !hostPattern.test(host)) {
    sendError(
      response,
      "invalid_argument",
      `Invalid Host header "${host.slice(0, 100)}": it must be a host name or address, with an optional port.`,
      { jsonRpc: invalidRequest },
    );
    return false;
  }
  const target = request.url ?? "/";
  if (target.startsWith("/")) return true;
  try {
    const url = new URL(target);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new TypeError("not http");
    request.url = `${url.pathname}${url.search}`;
    return true;
  } catch {
    sendError(
      response,
      "invalid_argument",
      `Invalid request target "${target.slice(0, 100)}": send a path such as /mcp.`,
      {
        jsonRpc: invalidRequest,
      },
    );
    return false;
  }
}
