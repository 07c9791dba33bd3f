// The `GET /health` report: status, version, whether the store answers and can be written, and which
// models are available.

import type { Runtime } from "../runtime/runtime.ts";
import type { StoreHealth } from "../store/store.ts";

/** The body of `GET /health`. */
export interface HealthReport {
  status: "ok" | "degraded";
  version: string;
  store: StoreHealth;
  models: {
    mode: string;
    simulated: boolean;
    available: { name: string; provider: string; modelId: string; displayName: string }[];
    unavailable: { name: string; reason: string }[];
  };
  notice?: string;
}

/** Builds the health report; a store that cannot be read or written, or no model, makes it "degraded". */
export async function healthReport(runtime: Runtime): Promise<HealthReport> {
  const store = await runtime.store.health();
  const { roster } = runtime;
  return {
    status: store.reachable && store.writable && roster.available.length > 0 ? "ok" : "degraded",
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
