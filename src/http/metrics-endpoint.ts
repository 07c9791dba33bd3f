// `GET /metrics`: the process's Prometheus metrics. With AI_UNIVERSE_METRICS_TOKEN set, only a scraper
// that sends it as `Authorization: Bearer <token>` gets them; anyone else gets 401 with one line saying
// what to send. The token is compared in constant time, through its hash, whatever its length.

import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Metrics } from "../application/index.ts";
import { sendError } from "./http-responses.ts";

/** Serves the metrics of `metrics`, after checking the bearer token when `token` is set. */
export async function serveMetrics(
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
