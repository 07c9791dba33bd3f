// The MCP endpoint, /mcp: the 2026-07-28 revision per request (a tool call served by an instance built
// with the tools alone, and one that asks models answered as a stream at once), the 2025 revisions in
// sessions bound to their user. It wraps the one MCP server factory; the authenticator has checked the
// caller before a message is read.

import type { IncomingMessage, ServerResponse } from "node:http";
import { toNodeHandler } from "@modelcontextprotocol/node";
import { createMcpHandler } from "@modelcontextprotocol/server";
import { mcpServerFactory, mcpServerParts } from "../mcp/create-server.ts";
import type { Runtime } from "../runtime/runtime.ts";
import { type Authenticator, authenticatedUser } from "./authentication.ts";
import type { HttpServices } from "./http-services.ts";
import { mcpErrorLog } from "./mcp-error-log.ts";
import { McpSessions } from "./mcp-sessions.ts";
import { isLegacy } from "./protocol-era.ts";
import { readJsonBody } from "./read-body.ts";
import { sessionIds } from "./session-ids.ts";
import { flushHeadersAtOnce, isLongCall, isToolCall } from "./streamed-calls.ts";

/** The endpoint's settings (of HttpOptions). */
export interface McpEndpointOptions {
  maxBodyBytes: number;
  sessionIdleMs: number;
}

/** The MCP endpoint: `serve` answers one request to /mcp; `close` ends its sessions and handlers. */
export interface McpEndpoint {
  serve(request: IncomingMessage, response: ServerResponse): Promise<void>;
  close(): Promise<void>;
}

/** Opens the endpoint over `runtime`'s MCP servers, its sessions sharing what `services` hands them. */
export async function openMcpEndpoint(
  runtime: Runtime,
  services: Pick<HttpServices, "sessionSharing" | "logger" | "log">,
  authenticator: Authenticator,
  options: McpEndpointOptions,
): Promise<McpEndpoint> {
  const createServerFor = mcpServerFactory(mcpServerParts(runtime));
  const handlerOptions = {
    legacy: "reject",
    maxRequestBodySize: options.maxBodyBytes,
    onerror: mcpErrorLog(services),
  } as const;
  const modern = createMcpHandler(() => createServerFor("stateless-2026"), handlerOptions);
  // A tool call's instance serves that one call and nothing else: it is built with the tools alone.
  const toolCallServer = () => createServerFor("stateless-2026", "tool-call");
  const toolCalls = createMcpHandler(toolCallServer, handlerOptions);
  const streaming = createMcpHandler(toolCallServer, {
    ...handlerOptions,
    responseMode: "sse",
  });
  const serveModern = toNodeHandler(modern, { maxRequestBodySize: options.maxBodyBytes });
  const serveToolCall = toNodeHandler(toolCalls, { maxRequestBodySize: options.maxBodyBytes });
  const serveStreaming = toNodeHandler(streaming, { maxRequestBodySize: options.maxBodyBytes });
  const sharing = services.sessionSharing;
  const sessions = await McpSessions.open(() => createServerFor("sessions-2025"), {
    idleMs: options.sessionIdleMs,
    maxSessions: 10_000,
    ids: sessionIds(sharing.signingKey),
    broadcast: sharing.broadcast,
    events: sharing.events,
  });
  return {
    async serve(request, response) {
      if (!(await authenticator.check(request, response))) return;
      let body: unknown;
      if (request.method === "POST") {
        const read = await readJsonBody(request, response, options.maxBodyBytes);
        if (!read) return;
        body = read.body;
      }
      const legacy =
        request.headers["mcp-session-id"] !== undefined ||
        (request.method === "POST" && (await isLegacy(request, body)));
      if (legacy) await sessions.handle(request, response, body, authenticatedUser(request));
      else if (isLongCall(body, createServerFor.asksModels))
        await serveStreaming(request, flushHeadersAtOnce(response), body);
      else if (isToolCall(body)) await serveToolCall(request, response, body);
      else await serveModern(request, response, body);
    },
    async close() {
      await sessions.close();
      await modern.close();
      await toolCalls.close();
      await streaming.close();
    },
  };
}
