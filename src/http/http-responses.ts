// Small response writers shared by the HTTP routes: JSON bodies and JSON-RPC errors.

import type { ServerResponse } from "node:http";

/** Sends `body` as JSON with `status`. */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (response.headersSent) {
    response.end();
    return;
  }
  response.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));
}

/** Sends a JSON-RPC error (no request id) with an HTTP status, as MCP clients expect from the transport. */
export function sendJsonRpcError(
  response: ServerResponse,
  status: number,
  code: number,
  message: string,
): void {
  sendJson(response, status, { jsonrpc: "2.0", id: null, error: { code, message } });
}
