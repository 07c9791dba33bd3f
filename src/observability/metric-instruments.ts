// The Prometheus instruments metrics.ts feeds (prom-client), each with its name, help text, labels and
// buckets as GET /metrics shows them. Labels never carry a user, a key or a prompt.

import { Counter, Gauge, Histogram, type Registry } from "prom-client";

/** The instruments of one process, registered in `registry`. */
export function createInstruments(registry: Registry) {
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
  return { consultations, calls, latency, tokens, cost, retries, refusals, inFlight, storeLatency };
}
