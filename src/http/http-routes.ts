// The HTTP server's routes, a table (http-router.ts tries them in order): /ready, the MCP endpoint, OAuth
// discovery, /metrics, /health, the web page's JSON API under /api, and the web page for any other path.
// Calls (/mcp but its GET, /api) are counted for a graceful shutdown and refused while it drains.

import type { IncomingMessage, ServerResponse } from "node:http";
import type { Metrics } from "../runtime/telemetry.ts";
import type { Authenticator } from "./authentication.ts";
import type { CallTracker } from "./call-tracker.ts";
import { readiness, serveHealth } from "./health.ts";
import { sendError, sendJson } from "./http-responses.ts";
import type { HttpRoute } from "./http-router.ts";
import type { HttpServices } from "./http-services.ts";
import type { McpEndpoint } from "./mcp-endpoint.ts";
import { serveMetrics } from "./metrics-endpoint.ts";
import { isOAuthDiscoveryPath, serveOAuthDiscovery } from "./oauth-discovery.ts";
import { serveWebApi } from "./web-api.ts";
import { serveWebPage } from "./web-page.ts";

/** What the routes serve with. */
export interface RouteParts {
  services: Pick<HttpServices, "health" | "webApi" | "auth" | "metrics">;
  authenticator: Authenticator;
  mcp: McpEndpoint;
  calls: CallTracker;
}

/** The route table of the server. */
export function httpRoutes({ services, authenticator, mcp, calls }: RouteParts): HttpRoute[] {
  const { auth, metrics } = services;
  return [
    {
      method: "GET",
      path: "/ready",
      handle: async (_request, response) => {
        const ready = await readiness(services.health, calls.draining);
        sendJson(response, ready.ready ? 200 : 503, ready);
      },
    },
    {
      path: "/mcp",
      handle: calls.counted(
        (request, response) => mcp.serve(request, response),
        (request) => request.method !== "GET",
      ),
    },
    {
      path: (path) => isOAuthDiscoveryPath(path, auth.mode),
      handle: (request, response, path) =>
        serveOAuthDiscovery(request, response, path, auth.mode, authenticator),
    },
    ...(metrics
      ? [
          {
            method: "GET",
            path: "/metrics",
            handle: metricsOf(metrics, auth.metricsToken),
          } satisfies HttpRoute,
        ]
      : []),
    {
      method: "GET",
      path: "/health",
      // Liveness: the process answers, so 200; what is wrong is in the body (and in /ready).
      handle: (request, response) =>
        serveHealth(request, response, services.health, auth.mode, authenticator),
    },
    {
      path: (path) => path.startsWith("/api/"),
      handle: calls.counted((request, response, path) =>
        serveWebApi(request, response, path, services.webApi, authenticator),
      ),
    },
  ];
}

/** The /metrics route's handler. */
function metricsOf(metrics: Metrics, token: string | undefined): HttpRoute["handle"] {
  return (request, response) => serveMetrics(request, response, metrics, token);
}

/** Any other path: the web page and its assets, or 404 naming where things are. */
export async function servePageOrNothing(request: IncomingMessage, response: ServerResponse, path: string) {
  if (await serveWebPage(request, response, path)) return;
  sendError(
    response,
    "not_found",
    `Nothing at ${path}. The web page is at /, MCP at /mcp, health at /health.`,
  );
}
