// Wires the running program together: configuration, store, model roster, model factory and the
// application. Every front end (stdio, HTTP, the CLI commands) builds its runtime here, so all
// behave the same. What a start does not need (Redis, the OpenTelemetry SDK, PostgreSQL, the
// provider packages) is loaded only when configured or first called, so the stdio server that
// clients spawn at every start answers at once.

import { randomUUID } from "node:crypto";
import type { AiUniverse } from "../application/ai-universe.ts";
import type { Configuration } from "../configuration/configuration.ts";
import { collectSecrets } from "../configuration/provider-environment.ts";
import { latencyTracker } from "../consultation/latency-tracker.ts";
import { createLogger, type Logger } from "../observability/logger.ts";
import { createMetrics, type Metrics } from "../observability/metrics.ts";
import { startTracing, traceStore, traceUniverse } from "../observability/tracing.ts";
import { createLanguageModelFactory, type LanguageModelFactory } from "../providers/create-language-model.ts";
import { createEndpointProbe, type ModelRoster, resolveModelRoster } from "../providers/model-roster.ts";
import { createProviderFetch } from "../providers/provider-fetch.ts";
import { createUsableModels } from "../providers/usable-models.ts";
import { openStore } from "../store/open-store.ts";
import type { Store } from "../store/store.ts";
import { createTaskRunner, type TaskRunner } from "../tasks/task-runner.ts";
import { deferredUniverse } from "./deferred-universe.ts";
import { version } from "./version.ts";

export { version };

/** A running program: the application and what front ends report about it. */
export interface Runtime {
  configuration: Configuration;
  version: string;
  universe: AiUniverse;
  roster: ModelRoster;
  /** For health checks; use cases go through `universe`. */
  store: Store;
  /** Tool calls clients run as tasks. */
  tasks: TaskRunner;
  /** Prometheus metrics of this process. */
  metrics: Metrics;
  /** The operator's log (JSON or text lines on stderr, scrubbed of every configured secret). */
  logger: Logger;
  /** Writes one warning for the operator to the log. */
  log(message: string): void;
  close(): Promise<void>;
}

/** Builds the runtime for `configuration`. Overrides are for tests. */
export async function startRuntime(
  configuration: Configuration,
  overrides: { store?: Store; roster?: ModelRoster; createModel?: LanguageModelFactory } = {},
): Promise<Runtime> {
  const secrets = collectSecrets(configuration.providers, configuration.models, configuration.environment);
  const metrics = createMetrics();
  const tracing = await startTracing(configuration.environment);
  const store = traceStore(
    metrics.instrumentStore(
      overrides.store ??
        (await openStore(configuration.databaseUrl, {
          busyWaitMs: configuration.storeWaitMs,
          poolSize: configuration.databasePoolSize,
        })),
    ),
  );
  const roster = overrides.roster ?? (await resolveModelRoster(configuration, createEndpointProbe()));
  const logger = createLogger(configuration.environment, (text) => scrubSecrets(text, secrets));
  const log = (message: string) => logger.warn(message);
  const counters = configuration.redisUrl
    ? await openCounters(configuration.redisUrl, log).catch(async (error) => {
        await store.close(); // nothing keeps the process alive after a failed start
        throw error;
      })
    : undefined;
  const cursorKey = await store.signingKey();
  const latencies = await latencyTracker(store);
  const services = {
    store,
    roster,
    defaults: configuration.defaults,
    createModel:
      overrides.createModel ?? createLanguageModelFactory(configuration.providers, configuration.environment),
    secrets,
    now: () => performance.now(),
    clock: () => new Date(),
    newId: () => randomUUID(),
    latencies,
    usableModels: createUsableModels(configuration.providers, createProviderFetch(configuration.environment)),
  };
  // Loaded at the first use case: the application brings the AI SDK and the rate limiter.
  const universe = traceUniverse(
    metrics.instrument(
      deferredUniverse(roster, async () => {
        const [{ createAiUniverse }, { createAdmission }] = await Promise.all([
          import("../application/ai-universe.ts"),
          import("../application/admission.ts"),
        ]);
        const admission = createAdmission(store, configuration.tiers, () => new Date(), counters?.backend);
        return createAiUniverse(services, { cursorKey, admission });
      }),
    ),
  );
  const day = 86_400_000;
  const tasks = createTaskRunner(
    store,
    { staleMs: configuration.taskStaleMs, defaultTtlMs: day, maxTtlMs: 7 * day },
    () => new Date(),
    log,
  );
  const close = async () => {
    await tasks.close();
    await latencies.flush();
    await counters?.close();
    await store.close();
    await tracing.shutdown();
  };
  return { configuration, version, universe, roster, store, tasks, metrics, logger, log, close };
}

/** The Redis rate-limit counters; the Redis client is loaded only when a Redis URL is configured. */
async function openCounters(url: string, log: (message: string) => void) {
  const { openRedisCounters } = await import("../store/redis-counters.ts");
  return openRedisCounters(url, log);
}

/**
 * Replaces every secret in `text` with a marker, as consultation/describe-failure.ts's `scrub` does;
 * repeated here so the log does not load the AI SDK that module imports.
 */
function scrubSecrets(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) result = result.split(secret).join("[redacted]");
  return result;
}
