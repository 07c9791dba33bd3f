// The MCP endpoint, /mcp: the 2026-07-28 revision per request (a tool call served by an instance built
// with the tools alone, and one that asks models answered as `text/event-stream` with its headers sent at
// once, so no client's headers timeout, such as Node fetch's 300 s, cuts a consultation that takes
// minutes), the 2025 revisions in sessions bound to their user. It wraps the one MCP server factory; the
// authenticator has checked the caller before a message is read.

import type { IncomingMessage, ServerResponse } from "node:http";
import { toNodeHandler } from "@modelcontextprotocol/node";
import { createMcpHandler } from "@modelcontextprotocol/server";
import { mcpServerFactory, mcpServerParts } from "../mcp/create-server.ts";
import type { Runtime } from "../runtime/runtime.ts";
import { type Authenticator, authenticatedUser } from "./authentication.ts";
import type { HttpServices } from "./http-services.ts";
import { McpSessions } from "./mcp-sessions.ts";
import { isLegacy } from "./protocol-era.ts";
import { readJsonBody } from "./read-body.ts";
import { sessionIds } from "./session-ids.ts";

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

/**
 * Reports the MCP handler refuses for what the client sent, as the SDK words them (a session-less GET
 * /mcp, which 2025-era clients send to look for a stream, or a body that is not JSON): answered with a
 * 4xx and logged at debug; any other report is a warning.
 */
const clientRefusals = [/^Rejected 2025-era request on a modern-only endpoint/, /^Unsupported Media Type/];

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
    onerror: (error: Error) => {
      if (clientRefusals.some((pattern) => pattern.test(error.message)))
        services.logger().debug({ reason: error.message }, "mcp request refused");
      else services.log(`mcp: ${error.message}`);
    },
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
      const tool = toolCallOf(body);
      if (legacy) await sessions.handle(request, response, body, authenticatedUser(request));
      else if (typeof tool?.name === "string" && createServerFor.asksModels(tool.name))
        await serveStreaming(request, flushHeadersAtOnce(response), body);
      else if (tool) await serveToolCall(request, response, body);
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

/** The params of a JSON-RPC body that is one `tools/call`; undefined for any other body. */
function toolCallOf(body: unknown): { name?: unknown } | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined;
  const { method, params } = body as { method?: unknown; params?: { name?: unknown } };
  return method === "tools/call" ? (params ?? {}) : undefined;
}

/**
 * Sends the status line and headers as soon as they are set, rather than with the first body bytes:
 * an SSE answer may have nothing to say for a while, and the client must know it has one.
 */
function flushHeadersAtOnce(response: ServerResponse): ServerResponse {
  const writeHead = response.writeHead.bind(response) as (...args: unknown[]) => ServerResponse;
  response.writeHead = ((...args: unknown[]) => {
    writeHead(...args);
    response.flushHeaders();
    return response;
  }) as ServerResponse["writeHead"];
  return response;
}
