// Small response writers shared by the HTTP routes: JSON bodies, and errors in the one shape each kind of
// path speaks (error-table.ts): a JSON-RPC error on the MCP endpoint, `{"error":{"code","message"}}`
// everywhere else (the web page's /api, health, metrics, the page itself).

import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { errorBody, errorTable, jsonRpcError } from "../contract/error-table.ts";
import type { ErrorCode } from "../contract/service-error.ts";

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

/** Whether `request` goes to the MCP endpoint, whose errors are JSON-RPC errors. */
export function speaksJsonRpc(request: Pick<IncomingMessage, "url"> | undefined): boolean {
  const path = new URL(request?.url ?? "/", "http://localhost").pathname;
  return path === "/mcp" || path.startsWith("/mcp/");
}

/**
 * Answers the error `code` with its HTTP status (error-table.ts): a JSON-RPC error (no request id) to
 * the MCP endpoint, whose code `jsonRpc` may name more precisely than the table (a parse error), and
 * the JSON error body to any other path.
 */
export function sendError(
  response: ServerResponse,
  code: ErrorCode,
  message: string,
  options: { details?: Record<string, unknown>; headers?: Record<string, string>; jsonRpc?: number } = {},
): void {
  const status = errorTable[code].httpStatus;
  if (speaksJsonRpc(response.req)) {
    const error = jsonRpcError(code, message, options.details);
    const body = { jsonrpc: "2.0", id: null, error: { ...error, code: options.jsonRpc ?? error.code } };
    sendJson(response, status, body, options.headers);
  } else sendJson(response, status, errorBody(code, message, options.details), options.headers);
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

/**
 * Answers a request Node's HTTP parser could not read (a malformed request line or header, or one that
 * took too long to arrive) with a JSON-RPC error too, instead of a bare status line.
 */
export function answerUnparsable(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable) return void socket.destroy();
  const [status, reason, message] =
    error.code === "ERR_HTTP_REQUEST_TIMEOUT"
      ? [408, "Request Timeout", "The request took too long to arrive; send it again."]
      : error.code === "HPE_HEADER_OVERFLOW"
        ? [431, "Request Header Fields Too Large", "The request headers are too large."]
        : [400, "Bad Request", "The request is not valid HTTP: check the request line and the headers."];
  const body = JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32600, message } });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nX-Content-Type-Options: nosniff\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
