// Which protocol era a POST to /mcp belongs to: the 2025 revisions (sessions) or 2026-07-28 (a request
// that carries its own `_meta` envelope). The SDK's `isLegacyRequest` decides it, and it is the rule; a
// request that carries the envelope's protocol-version claim is answered here without it, since the SDK
// routes every such request to the modern path (or has the modern path reject it), except a posted
// response and an `initialize` without a valid claim, which go to it as before.

import type { IncomingMessage } from "node:http";
import { isLegacyRequest } from "@modelcontextprotocol/server";
import { isRecord } from "../contract/json-record.ts";

/** The `_meta` key whose presence claims the 2026-07-28 revision (or later). */
const protocolVersionKey = "io.modelcontextprotocol/protocolVersion";

/** Whether `request`, whose parsed body is `body`, is 2025-era traffic, as the SDK's entry would route it. */
export async function isLegacy(request: IncomingMessage, body: unknown): Promise<boolean> {
  if (claimsModernRevision(body)) return false;
  return isLegacyRequest(headersOnly(request), body);
}

/**
 * Whether `body` is one JSON-RPC request or notification (not `initialize`) whose `_meta` holds the
 * protocol-version claim: the SDK routes it to the modern path whatever else it holds.
 */
export function claimsModernRevision(body: unknown): boolean {
  if (!isRecord(body) || typeof body.method !== "string" || body.method === "initialize") return false;
  if ("result" in body || "error" in body) return false;
  const meta = isRecord(body.params) ? body.params._meta : undefined;
  return isRecord(meta) && protocolVersionKey in meta;
}

/**
 * The request's method, URL and headers as a web Request, without its body: all `isLegacyRequest` reads
 * when it is handed the parsed body. (toWebRequest would serialise the body into it again, and the
 * handler that serves the request converts it once more.)
 */
function headersOnly(request: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name.startsWith(":")) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  return new Request(`http://${request.headers.host ?? "localhost"}${request.url ?? "/"}`, {
    method: request.method ?? "POST",
    headers,
  });
}
