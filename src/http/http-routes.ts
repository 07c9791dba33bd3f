// The HTTP server's one route table (http-router.ts tries it in order): /ready, the MCP endpoint, OAuth
// discovery, /metrics, /health, the web page's JSON API under /api (web-api-routes.ts), and the web page for
// any other path. Calls (/mcp but its GET, /api) are counted for a graceful shutdown and refused while it
// drains.

import type { Authenticator } from "./authentication.ts";
import type { CallTracker } from "./call-tracker.ts";
import { readiness, serveHealth } from "./health.ts";
import { sendError, sendJson } from "./http-responses.ts";
import type { HttpCall, HttpRoute, HttpStep } from "./http-router.ts";
import type { HttpServices } from "./http-services.ts";
import type { McpEndpoint } from "./mcp-endpoint.ts";
import { serveMetrics } from "./metrics-endpoint.ts";
import { oauthDiscoveryRoutes } from "./oauth-discovery.ts";
import { webApiRoutes } from "./web-api-routes.ts";
import { serveWebPage } from "./web-page.ts";

/** What the routes serve with. */
export interface RouteParts {
  services: Pick<HttpServices, "health" | "webApi" | "auth" | "metrics">;
  authenticator: Authenticator;
  mcp: McpEndpoint;
  calls: CallTracker;
}

/** The route table of the server. */
export function httpRoutes({ services, authenticator, mcp, calls }: RouteParts): (HttpRoute | HttpStep)[] {
  const { auth, metrics } = services;
  return [
    {
      method: "GET",
      path: "/ready",
      handle: async ({ response }) => {
        const ready = await readiness(services.health, calls.draining);
        sendJson(response, ready.ready ? 200 : 503, ready);
      },
    },
    { path: "/mcp", step: calls.counting((request) => request.method !== "GET") },
    { path: "/mcp", handle: ({ request, response }) => mcp.serve(request, response) },
    ...oauthDiscoveryRoutes(auth.mode, authenticator),
    {
      method: "GET",
      path: (path) => path === "/metrics" && metrics !== undefined,
      handle: ({ request, response }) =>
        metrics && serveMetrics(request, response, metrics, auth.metricsToken),
    },
    {
      method: "GET",
      path: "/health",
      // Liveness: the process answers, so 200; what is wrong is in the body (and in /ready).
      handle: ({ request, response }) =>
        serveHealth(request, response, services.health, auth.mode, authenticator),
    },
    ...webApiRoutes({ services: services.webApi, authenticator, calls }),
  ];
}

/** Any other path: the web page and its assets, or 404 naming where things are. */
export async function servePageOrNothing({ request, response, url: { pathname: path } }: HttpCall) {
  if (await serveWebPage(request, response, path)) return;
  sendError(
    response,
    "not_found",
    `Nothing at ${path}. The web page is at /, MCP at /mcp, health at /health.`,
  );
}
