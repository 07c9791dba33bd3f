// The HTTP server: MCP at /mcp (the 2026-07-28 revision per request, a call that asks models answered
// as a stream at once; the 2025 revisions in sessions), the web page at / with its JSON API under /api,
// GET /health, /ready and /metrics, a drain for graceful shutdown, DNS-rebinding protection (Host and
// Origin checks) and a body size limit. It only wraps the one server factory and the application.

import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { toNodeHandler, toWebRequest } from "@modelcontextprotocol/node";
import { createMcpHandler, isLegacyRequest } from "@modelcontextprotocol/server";
import { type RequestContext, requestContext } from "../application/index.ts";
import { mcpServerFactory } from "../mcp/create-server.ts";
import type { Runtime } from "../runtime/runtime.ts";
import { authenticatedUser, createAuthenticator } from "./authentication.ts";
import { readiness, serveHealth } from "./health.ts";
import { answerUnparsable, sendError, sendJson } from "./http-responses.ts";
import { mcpErrorLog } from "./mcp-error-log.ts";
import { McpSessions } from "./mcp-sessions.ts";
import { serveMetrics } from "./metrics-endpoint.ts";
import { serveOAuthDiscovery } from "./oauth-discovery.ts";
import { readJsonBody } from "./read-body.ts";
import { rebindingGuard } from "./rebinding-guard.ts";
import { wellFormedTarget } from "./request-target.ts";
import { sessionIds } from "./session-ids.ts";
import { flushHeadersAtOnce, isLongCall } from "./streamed-calls.ts";
import { serveWebApi } from "./web-api.ts";
import { serveWebPage } from "./web-page.ts";

/** HTTP settings; see docs/operations.md, "Configuration". */
export interface HttpOptions {
  host: string;
  port: number;
  /** Host header names accepted (without port). Localhost names are always accepted. */
  allowedHosts: string[];
  /** Origin host names accepted for browser requests. Localhost names are always accepted. */
  allowedOrigins: string[];
  maxBodyBytes: number;
  /** Idle time after which a 2025-era session is closed. */
  sessionIdleMs: number;
  /** Longest time a client may take to send a whole request (headers and body). */
  requestTimeoutMs: number;
}

/** A running HTTP server. */
export interface RunningHttpServer {
  url: string;
  /**
   * Stops taking new calls (they get 503, and /ready says draining) and waits up to `deadlineMs` for
   * the running ones to finish; resolves with how many were still running at the deadline.
   */
  drain(deadlineMs: number): Promise<number>;
  /** Closes every connection; calls still running are cancelled. */
  close(): Promise<void>;
}

const localNames = ["localhost", "127.0.0.1", "[::1]"];

/** Starts listening; resolves once the port is bound, rejects with the listen error. */
export async function startHttpServer(runtime: Runtime, options: HttpOptions): Promise<RunningHttpServer> {
  const createServerFor = mcpServerFactory(runtime);
  const onerror = mcpErrorLog(runtime);
  const modern = createMcpHandler(() => createServerFor("stateless-2026"), {
    legacy: "reject",
    maxRequestBodySize: options.maxBodyBytes,
    onerror,
  });
  const serveModern = toNodeHandler(modern, { maxRequestBodySize: options.maxBodyBytes });
  const streaming = createMcpHandler(() => createServerFor("stateless-2026"), {
    legacy: "reject",
    responseMode: "sse",
    maxRequestBodySize: options.maxBodyBytes,
    onerror,
  });
  const serveStreaming = toNodeHandler(streaming, { maxRequestBodySize: options.maxBodyBytes });
  const sessions = await McpSessions.open(() => createServerFor("sessions-2025"), {
    idleMs: options.sessionIdleMs,
    maxSessions: 10_000,
    ids: sessionIds(runtime.sessionSharing.signingKey),
    broadcast: runtime.sessionSharing.broadcast,
    events: runtime.sessionSharing.events,
  });
  let serverUrl = "";
  const authenticator = createAuthenticator(runtime.configuration.auth, runtime.application, () => serverUrl);
  const fromAllowedSite = rebindingGuard(
    [...localNames, ...options.allowedHosts],
    [...localNames, ...options.allowedOrigins],
  );

  const serveMcp = async (request: IncomingMessage, response: ServerResponse) => {
    if (!(await authenticator.check(request, response))) return;
    let body: unknown;
    if (request.method === "POST") {
      const read = await readJsonBody(request, response, options.maxBodyBytes);
      if (!read) return;
      body = read.body;
    }
    const legacy =
      request.headers["mcp-session-id"] !== undefined ||
      (request.method === "POST" && (await isLegacyRequest(await toWebRequest(request, body), body)));
    if (legacy) await sessions.handle(request, response, body, authenticatedUser(request));
    else if (isLongCall(body, createServerFor.asksModels))
      await serveStreaming(request, flushHeadersAtOnce(response), body);
    else await serveModern(request, response, body);
  };

  const server = createServer(
    {
      // Cut uploads that stall; a response that streams for minutes (a consultation's SSE) is not affected.
      requestTimeout: options.requestTimeoutMs,
      headersTimeout: Math.min(options.requestTimeoutMs, 20_000),
      connectionsCheckingInterval: Math.min(1000, options.requestTimeoutMs / 2),
    },
    (request: IncomingMessage, response: ServerResponse) => {
      // Every log line of this request carries its id (the caller's X-Request-Id, or a new one).
      const given = request.headers["x-request-id"];
      const context: RequestContext = {
        requestId: typeof given === "string" && /^[\w.:-]{1,100}$/.test(given) ? given : randomUUID(),
      };
      response.setHeader("x-request-id", context.requestId);
      // No response is ever to be read as another type than it says (a JSON body as a page, above all).
      response.setHeader("x-content-type-options", "nosniff");
      const started = performance.now();
      response.once("close", () =>
        requestContext.run(context, () =>
          runtime.logger.info(
            {
              method: request.method,
              path: new URL(request.url ?? "/", "http://localhost").pathname,
              status: response.statusCode,
              ms: Math.round(performance.now() - started),
            },
            "request",
          ),
        ),
      );
      requestContext.run(context, () => route(request, response));
    },
  );
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => answerUnparsable(error, socket));
  let draining = false;
  let running = 0;
  let settled: (() => void) | undefined;
  const route = (request: IncomingMessage, response: ServerResponse) => {
    if (!wellFormedTarget(request, response)) return;
    if (!fromAllowedSite(request, response)) return;
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    if (path === "/ready" && request.method === "GET") {
      void readiness(runtime, draining).then((ready) => sendJson(response, ready.ready ? 200 : 503, ready));
      return;
    }
    const isCall = (path === "/mcp" && request.method !== "GET") || path.startsWith("/api/");
    if (isCall && draining) {
      sendError(
        response,
        "unavailable",
        "The server is shutting down; send the request again (to another node).",
        {
          headers: { "retry-after": "1", connection: "close" },
        },
      );
      return;
    }
    if (isCall) {
      running += 1;
      response.once("close", () => {
        running -= 1;
        if (running === 0) settled?.();
      });
    }
    if (path === "/mcp") {
      serveMcp(request, response).catch((error: Error) => {
        onerror(error);
        sendError(response, "internal_error", "Internal error; it was logged.");
      });
      return;
    }
    if (serveOAuthDiscovery(request, response, path, runtime.configuration.auth.mode, authenticator)) return;
    if (path === "/metrics" && request.method === "GET" && runtime.metrics) {
      serveMetrics(request, response, runtime.metrics, runtime.configuration.auth.metricsToken);
      return;
    }
    if (path === "/health" && request.method === "GET") {
      // Liveness: the process answers, so 200; what is wrong is in the body (and in /ready).
      void serveHealth(request, response, runtime, authenticator);
      return;
    }
    if (path.startsWith("/api/")) {
      serveWebApi(request, response, path, runtime, authenticator).catch((error: Error) => {
        onerror(error);
        sendError(response, "internal_error", "Internal error; it was logged.");
      });
      return;
    }
    void serveWebPage(request, response, path).then((served) => {
      if (served) return;
      sendError(
        response,
        "not_found",
        `Nothing at ${path}. The web page is at /, MCP at /mcp, health at /health.`,
      );
    });
  };
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const hostForUrl = address.family === "IPv6" ? `[${address.address}]` : address.address;
  serverUrl = `http://${hostForUrl}:${address.port}`;
  return {
    url: serverUrl,
    async drain(deadlineMs) {
      draining = true;
      if (running > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, deadlineMs);
          settled = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      return running;
    },
    async close() {
      await sessions.close();
      await modern.close();
      await streaming.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
