// Long calls on the 2026-07-28 revision: a call of a tool that asks models is answered as
// `text/event-stream`, with its headers sent at once, so no client's headers timeout (Node's fetch
// gives up at 300 s) can cut a consultation that takes minutes. Quick requests keep plain JSON.

import type { ServerResponse } from "node:http";

/** Whether a JSON-RPC body is one `tools/call`. */
export function isToolCall(body: unknown): boolean {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return false;
  return (body as { method?: unknown }).method === "tools/call";
}

/** Whether a JSON-RPC body is one `tools/call` of a tool for which `asksModels` holds. */
export function isLongCall(body: unknown, asksModels: (name: string) => boolean): boolean {
  if (!isToolCall(body)) return false;
  const name = (body as { params?: { name?: unknown } }).params?.name;
  return typeof name === "string" && asksModels(name);
}

/**
 * Sends the status line and headers as soon as they are set, rather than with the first body bytes:
 * an SSE answer may have nothing to say for a while, and the client must know it has one.
 */
export function flushHeadersAtOnce(response: ServerResponse): ServerResponse {
  const writeHead = response.writeHead.bind(response) as (...args: unknown[]) => ServerResponse;
  response.writeHead = ((...args: unknown[]) => {
    writeHead(...args);
    response.flushHeaders();
    return response;
  }) as ServerResponse["writeHead"];
  return response;
}
