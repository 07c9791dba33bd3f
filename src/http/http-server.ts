// The HTTP server: MCP at /mcp (the 2026-07-28 revision per request, a call that asks models answered
// as a stream at once; the 2025 revisions in sessions), the web page at / with its JSON API under /api,
// GET /health, /ready and /metrics, a drain for graceful shutdown, DNS-rebinding protection (Host and
// Origin checks) and a body size limit. It only wraps the one server factory and the application: the
// routes are a table (http-routes.ts), each handed the narrow services it needs (http-services.ts), and
// whatever a route throws is answered by one error handler (http-error-handler.ts).

import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { validateHostHeader, validateOriginHeader } from "@modelcontextprotocol/server";
import { onPriceRefreshFailure, type RequestContext, requestContext } from "../application/index.ts";
import { createMemoryRelease } from "../runtime/memory-release.ts";
import type { Runtime } from "../runtime/runtime.ts";
import { createAuthenticator } from "./authentication.ts";
import { createCallTracker } from "./call-tracker.ts";
import { httpErrorHandler } from "./http-error-handler.ts";
import { answerUnparsable, sendError } from "./http-responses.ts";
import { createRouter } from "./http-router.ts";
import { httpRoutes, servePageOrNothing } from "./http-routes.ts";
import { type HttpServices, httpServicesOf } from "./http-services.ts";
import { openMcpEndpoint } from "./mcp-endpoint.ts";

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

/** The server's request handling apart from its socket (a test requests it in process). */
export interface HttpApp extends Pick<RunningHttpServer, "drain" | "close"> {
  /** Serves a request: its context, the checks of its target and site, then the route table. */
  listener(request: IncomingMessage, response: ServerResponse): void;
}

/** The request handling of `runtime`'s server, which will be reached at `serverUrl`. */
export async function createHttpApp(
  runtime: Runtime,
  options: HttpOptions,
  serverUrl: () => string,
): Promise<HttpApp> {
  const services = httpServicesOf(runtime);
  const authenticator = createAuthenticator(services.auth, services.accounts, serverUrl);
  const mcp = await openMcpEndpoint(runtime, services, authenticator, options);
  const calls = createCallTracker(createMemoryRelease());
  const route = createRouter(
    httpRoutes({ services, authenticator, mcp, calls }),
    servePageOrNothing,
    httpErrorHandler(services.log),
  );
  const hosts = [...localNames, ...options.allowedHosts];
  const origins = [...localNames, ...options.allowedOrigins];
  // The operator learns of a refused or failed price refresh from the log (users of a server with
  // accounts are never told why, nor where prices come from).
  const stopPriceLog = onPriceRefreshFailure((report) => services.log(report));
  return {
    listener: (request, response) =>
      inRequestContext(request, response, services, () => {
        if (wellFormedTarget(request, response) && fromAllowedSite(request, response, hosts, origins))
          void route(request, response);
      }),
    drain: (deadlineMs) => calls.drain(deadlineMs),
    async close() {
      stopPriceLog();
      await mcp.close();
    },
  };
}

/** Starts listening; resolves once the port is bound, rejects with the listen error. */
export async function startHttpServer(runtime: Runtime, options: HttpOptions): Promise<RunningHttpServer> {
  let serverUrl = "";
  const app = await createHttpApp(runtime, options, () => serverUrl);
  const server = createServer(
    {
      // Cut uploads that stall; a response that streams for minutes (a consultation's SSE) is not affected.
      requestTimeout: options.requestTimeoutMs,
      headersTimeout: Math.min(options.requestTimeoutMs, 20_000),
      connectionsCheckingInterval: Math.min(1000, options.requestTimeoutMs / 2),
    },
    app.listener,
  );
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => answerUnparsable(error, socket));
  serverUrl = await listen(server, options);
  return {
    url: serverUrl,
    drain: app.drain,
    async close() {
      await app.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Runs `serve` with the request's context: every log line of the request carries its id (the caller's
 * X-Request-Id, or a new one), and a line is logged when it ends.
 */
function inRequestContext(
  request: IncomingMessage,
  response: ServerResponse,
  services: Pick<HttpServices, "logger">,
  serve: () => void,
): void {
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
      services.logger().info(
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
  requestContext.run(context, serve);
}

/** Binds `options`' port; the server's address as a URL. */
async function listen(server: Server, options: HttpOptions): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const hostForUrl = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return `http://${hostForUrl}:${address.port}`;
}

/** The JSON-RPC code of a request the server cannot route. */
const invalidRequest = -32600;

const hostPattern = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * Normalises what a request names before anything routes on it: true when it may be routed, with an
 * absolute-form target (`POST http://host/mcp`, which HTTP/1.1 servers must accept) rewritten to its
 * path; otherwise 400 was sent, for a Host header that is not a host name or address (user info,
 * spaces). A request with no Host at all (HTTP/1.0) goes on to the Host check, which refuses it.
 */
function wellFormedTarget(request: IncomingMessage, response: ServerResponse): boolean {
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
      { jsonRpc: invalidRequest },
    );
    return false;
  }
}

/**
 * DNS-rebinding protection: the Host header must name this server, and a browser's Origin an allowed
 * site, as the MCP SDK's checks decide; otherwise 403 was sent, in the shape of the path.
 */
function fromAllowedSite(
  request: IncomingMessage,
  response: ServerResponse,
  hosts: string[],
  origins: string[],
): boolean {
  const host = validateHostHeader(request.headers.host, hosts);
  const origin = host.ok ? validateOriginHeader(request.headers.origin, origins) : host;
  if (origin.ok) return true;
  sendError(response, "forbidden", origin.message);
  return false;
}
