// Prometheus metrics (prom-client), served at GET /metrics: consultations and model calls by model
// and outcome, latency per model, tokens and cost per model, retries, refusals by limits, calls in
// flight, and how long the store takes. Labels never carry a user, a key or a prompt.

import { collectDefaultMetrics, Registry } from "prom-client";
import type { ConsultationEvent } from "../contract/progress-events.ts";
import { reportError } from "../contract/service-error.ts";
import type { Store } from "../store/store.ts";
import { wrapStore } from "../store/wrap-store.ts";
import { createInstruments } from "./metric-instruments.ts";

/** The metrics of one process. */
export interface Metrics {
  registry: Registry;
  /** The application (any object of use cases), counting every use case it runs. */
  instrument<Application extends object>(application: Application): Application;
  /** The store, timing every call. */
  instrumentStore(store: Store): Store;
}

/** Creates the registry and its metrics. */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "ai_universe_" });
  const { consultations, calls, latency, tokens, cost, retries, refusals, inFlight, storeLatency } =
    createInstruments(registry);

  const observe = (event: ConsultationEvent) => {
    if (event.type === "model-retrying") retries.inc({ model: event.model });
    if (event.type === "model-finished") {
      calls.inc({ model: event.model, outcome: event.error ? "error" : "ok" });
      latency.observe({ model: event.model }, event.latencyMs / 1000);
      if (event.tokensUsed !== undefined) tokens.inc({ model: event.model }, event.tokensUsed);
      if (event.cost !== undefined) cost.inc({ model: event.model }, event.cost);
    }
    if (event.type === "synthesis-finished")
      calls.inc({ model: event.model, outcome: event.error ? "error" : "ok" });
  };
  const counted = async <T>(useCase: string | undefined, work: () => Promise<T>): Promise<T> => {
    inFlight.inc();
    try {
      const result = await work();
      if (useCase) consultations.inc({ use_case: useCase, outcome: "ok" });
      return result;
    } catch (error) {
      const { code } = reportError(error);
      if (useCase) consultations.inc({ use_case: useCase, outcome: code });
      if (code === "rate_limited" || code === "budget_exhausted" || code === "budget_exceeded")
        refusals.inc({ code });
      throw error;
    } finally {
      inFlight.dec();
    }
  };

  return {
    registry,
    instrument(application) {
      const tee = (options: { onEvent?: (event: ConsultationEvent) => void }) => ({
        ...options,
        onEvent: (event: ConsultationEvent) => {
          observe(event);
          options.onEvent?.(event);
        },
      });
      return new Proxy(application, {
        get(target, property, receiver) {
          const value = Reflect.get(target, property, receiver);
          if (typeof value !== "function") return value;
          if (property === "secondOpinion" || property === "sendMessage") {
            const useCase = property === "secondOpinion" ? "second_opinion" : "send_message";
            return (
              caller: unknown,
              input: unknown,
              options: { signal: AbortSignal; onEvent?: (event: ConsultationEvent) => void },
            ) => counted(useCase, () => value.call(target, caller, input, tee(options)));
          }
          return (...args: unknown[]) => counted(undefined, () => value.apply(target, args));
        },
      });
    },
    instrumentStore(store) {
      return wrapStore(store, async (operation, call) => {
        const end = storeLatency.startTimer({ operation });
        try {
          return await call();
        } finally {
          end();
        }
      });
    },
  };
}
