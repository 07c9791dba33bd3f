// `GET /health` (liveness: always 200 while the process answers, with status, version, whether the
// store answers and can be written, which models are available, and the price data in use) and `GET
// /ready` (readiness: 503 while the store cannot be reached or written, or the node is draining, so a
// load balancer stops sending it calls). On a server with accounts, a caller without a valid key or token
// gets the status alone: the models, the store's errors (paths) and the version are for people who may
// use it; and where prices are refreshed from and why a refresh failed are for the operator alone.

import type { IncomingMessage, ServerResponse } from "node:http";
import { type AuthMode, type Caller, priceDataFor, type StoreHealth } from "../application/index.ts";
import type { PriceDataInfo } from "../contract/models.ts";
import { type Authenticator, callerOf } from "./authentication.ts";
import { sendJson } from "./http-responses.ts";
import type { HealthSources } from "./http-services.ts";

/** The body of `GET /health`. */
export interface HealthReport {
  status: "ok" | "degraded";
  version: string;
  store: StoreHealth;
  /** Whether a dropped 2025 stream resumes on any node (its events are in the store) or on this one alone. */
  streams: { resumable: "any-node" | "this-node"; reason?: string };
  models: {
    mode: string;
    simulated: boolean;
    available: { name: string; provider: string; modelId: string; displayName: string }[];
    unavailable: { name: string; reason: string }[];
  };
  notice?: string;
  /**
   * Where prices come from and their date; for the machine's own user also the refresh's host and why it
   * failed (a refused price file leaves the data in use as it was, and is not "degraded").
   */
  priceData: PriceDataInfo;
}

/**
 * Builds the health report as `caller` may see it; a store that cannot be read or written, or no model,
 * makes it "degraded".
 */
export async function healthReport(sources: HealthSources, caller: Caller): Promise<HealthReport> {
  const store = await sources.storeHealth();
  const { roster } = sources;
  const streamsDegraded = sources.streamsDegraded();
  return {
    status:
      store.reachable && store.writable && !streamsDegraded && roster.available.length > 0
        ? "ok"
        : "degraded",
    version: sources.version,
    store,
    streams: streamsDegraded
      ? { resumable: "this-node", reason: streamsDegraded }
      : { resumable: "any-node" },
    models: {
      mode: roster.mode,
      simulated: roster.mode === "simulated",
      available: roster.available.map((entry) => ({
        name: entry.name,
        provider: entry.provider,
        modelId: entry.modelId,
        displayName: entry.displayName,
      })),
      unavailable: roster.statuses
        .filter((status) => !status.available)
        .map((status) => ({ name: status.entry.name, reason: status.reason ?? "unavailable" })),
    },
    ...(roster.notice ? { notice: roster.notice } : {}),
    priceData: priceDataFor(caller),
  };
}

/**
 * Answers `GET /health` with 200: the whole report in mode none or to a caller whose bearer key or
 * token is valid (the price refresh's host and error only to the machine's own user), else (modes
 * api-key and oauth) only `{ status }`. Throws when the report cannot be made
 * (the server's error handler answers).
 */
export async function serveHealth(
  request: IncomingMessage,
  response: ServerResponse,
  sources: HealthSources,
  mode: AuthMode,
  authenticator: Authenticator,
): Promise<void> {
  const open =
    mode === "none" ||
    (request.headers.authorization !== undefined &&
      (await authenticator.check(request, response, { silent: true }).catch(() => false)));
  if (!open) {
    const { status } = await healthReport(sources, anonymous);
    return sendJson(response, 200, { status }, { "cache-control": "no-store" });
  }
  const report = await healthReport(sources, callerOf(request));
  sendJson(response, 200, report, { "cache-control": "no-store" });
}

/** Whom a report that shows the status alone is made for. */
const anonymous: Caller = { userId: "", tier: "" };

/** The body of `GET /ready`. */
export interface Readiness {
  ready: boolean;
  /** Why not, when not ready. */
  reason?: string;
}

/** Whether this node should get calls: not draining, and its store answers and can be written. */
export async function readiness(sources: HealthSources, draining: boolean): Promise<Readiness> {
  if (draining) return { ready: false, reason: "draining: the server is shutting down" };
  const store = await sources.storeHealth();
  if (store.reachable && store.writable) return { ready: true };
  return { ready: false, reason: store.error ?? "the store cannot be written" };
}
