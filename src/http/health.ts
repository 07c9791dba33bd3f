// The `GET /health` report: status, version, whether the store answers, and which models are available.

import type { Runtime } from "../runtime/runtime.ts";

/** The body of `GET /health`. */
export interface HealthReport {
  status: "ok" | "degraded";
  version: string;
  store: { reachable: boolean; error?: string };
  models: {
    mode: string;
    simulated: boolean;
    available: { name: string; provider: string; modelId: string; displayName: string }[];
    unavailable: { name: string; reason: string }[];
  };
  notice?: string;
}

/** Builds the health report; a store that does not answer makes the status "degraded". */
export async function healthReport(runtime: Runtime): Promise<HealthReport> {
  let store: HealthReport["store"] = { reachable: true };
  try {
    await runtime.store.ping();
  } catch (error) {
    store = { reachable: false, error: (error as Error).message };
  }
  const { roster } = runtime;
  return {
    status: store.reachable && roster.available.length > 0 ? "ok" : "degraded",
    version: runtime.version,
    store,
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
  };
}
