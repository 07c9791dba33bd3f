// The HTTP server's one route table (http-router.ts tries it in order): /ready, the MCP endpoint, OAuth
// discovery, /metrics, /health, the web page's JSON API under /api (web-api-routes.ts), and the web page for
// any other path. Calls (/mcp but its GET, /api) are counted for a graceful shutdown and refused while it
// drains. With AI_UNIVERSE_METRICS_TOKEN set, /metrics serves only a scraper that sends it as a bearer
// token (compared in constant time, through its hash, whatever its length).

import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Metrics } from "../application/index.ts";
import type { Authenticator } from "./authentication.ts";
import type { CallTracker } from "./call-tracker.ts";
import { readiness, serveHealth } from "./health.ts";
import { sendError, sendJson } from "./http-responses.ts";
import type { HttpCall, HttpRoute, HttpStep } from "./http-router.ts";
import type { HttpServices } from "./http-services.ts";
import type { McpEndpoint } from "./mcp-endpoint.ts";
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

/** Serves the metrics of `metrics`, after checking the bearer token when `token` is set. */
async function serveMetrics(
  request: IncomingMessage,
  response: ServerResponse,
  metrics: Metrics,
  token: string | undefined,
): Promise<void> {
  if (token !== undefined && !carriesToken(request, token)) {
    const message = request.headers.authorization
      ? "The metrics token is wrong: send the value of AI_UNIVERSE_METRICS_TOKEN as Authorization: Bearer <token>."
      : "This server's metrics need a token: send the value of AI_UNIVERSE_METRICS_TOKEN as Authorization: Bearer <token>.";
    sendError(response, "unauthenticated", message, {
      headers: { "www-authenticate": 'Bearer realm="metrics"' },
    });
    return;
  }
  const { registry } = metrics;
  const text = await registry.metrics();
  response.writeHead(200, { "content-type": registry.contentType, "cache-control": "no-store" }).end(text);
}

function carriesToken(request: IncomingMessage, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "")?.[1];
  if (given === undefined) return false;
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(given), digest(token));
}
