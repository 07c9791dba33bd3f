// Prometheus metrics (prom-client), served at GET /metrics: consultations and model calls by model
// and outcome, latency per model, tokens and cost per model, retries, refusals by limits, calls in
// flight, and how long the store takes. Labels never carry a user, a key or a prompt.

import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Application } from "../application/application.ts";
import type { ConsultationEvent } from "../contract/progress-events.ts";
import { reportError } from "../contract/service-error.ts";
import type { Store } from "../store/store.ts";
import { wrapStore } from "../store/wrap-store.ts";

/** The metrics of one process. */
export interface Metrics {
  registry: Registry;
  /** The application, counting every use case it runs. */
  instrument(application: Application): Application;
  /** The store, timing every call. */
  instrumentStore(store: Store): Store;
}

/** Creates the registry and its metrics. */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "ai_universe_" });
  const consultations = new Counter({
    name: "ai_universe_consultations_total",
    help: "Second opinions and messages, by use case and outcome (ok or the error code).",
    labelNames: ["use_case", "outcome"],
    registers: [registry],
  });
  const calls = new Counter({
    name: "ai_universe_model_calls_total",
    help: "Model calls (opinions and syntheses), by model and outcome.",
    labelNames: ["model", "outcome"],
    registers: [registry],
  });
  const latency = new Histogram({
    name: "ai_universe_model_latency_seconds",
    help: "How long each model call took, by model.",
    labelNames: ["model"],
    buckets: [0.25, 0.5, 1, 2, 5, 10, 20, 40, 80, 160, 320],
    registers: [registry],
  });
  const tokens = new Counter({
    name: "ai_universe_tokens_total",
    help: "Tokens used, by model.",
    labelNames: ["model"],
    registers: [registry],
  });
  const cost = new Counter({
    name: "ai_universe_cost_usd_total",
    help: "Cost in USD, by model.",
    labelNames: ["model"],
    registers: [registry],
  });
  const retries = new Counter({
    name: "ai_universe_retries_total",
    help: "Retries of model calls, by model.",
    labelNames: ["model"],
    registers: [registry],
  });
  const refusals = new Counter({
    name: "ai_universe_refusals_total",
    help: "Calls refused by rate limits and budgets, by code.",
    labelNames: ["code"],
    registers: [registry],
  });
  const inFlight = new Gauge({
    name: "ai_universe_in_flight_calls",
    help: "Use cases running now.",
    registers: [registry],
  });
  const storeLatency = new Histogram({
    name: "ai_universe_store_latency_seconds",
    help: "How long store calls took, by operation.",
    labelNames: ["operation"],
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
    registers: [registry],
  });

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
