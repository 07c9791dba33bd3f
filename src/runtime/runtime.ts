// Wires the running program together: configuration, store, model roster, model factory and the
// application. Every front end (stdio, HTTP, the CLI commands) builds its runtime here, so all
// behave the same. What a start does not need (Redis, OpenTelemetry, PostgreSQL, the model factory
// and the provider code, the log's pino) is loaded only when configured or first called, and
// Prometheus metrics only by the front end that serves them, so the stdio server that clients spawn
// at every start answers at once.

import { randomUUID } from "node:crypto";
import type { Application } from "../application/application.ts";
import { createTaskRunner, defaultTaskLifetimes } from "../application/tasks/task-runner.ts";
import type { Configuration } from "../configuration/configuration.ts";
import { loadOptionalFeature, optionalPackages } from "../configuration/optional-packages.ts";
import { scrub } from "../contract/scrub.ts";
import { createLogger, type Logger } from "../observability/logger.ts";
import type { Metrics } from "../observability/metrics.ts";
import type { LanguageModelFactory } from "../providers/create-language-model.ts";
import { createEndpointProbe, type ModelRoster, resolveModelRoster } from "../providers/model-roster.ts";
import { collectSecrets } from "../providers/provider-environment.ts";
import { type Broadcast, maxBroadcastBytes } from "../store/broadcast.ts";
import { openStore } from "../store/open-store.ts";
import { type SessionStreamEvents, sessionStreamEvents } from "../store/session-stream-events.ts";
import type { Store } from "../store/store.ts";
import { deferredApplication } from "./deferred-application.ts";
import { latencyTracker } from "./latency-tracker.ts";
import { version } from "./version.ts";

export { version };

/** A running program: the application and what front ends report about it. */
export interface Runtime {
  configuration: Configuration;
  version: string;
  application: Application;
  roster: ModelRoster;
  /** What the HTTP server's 2025 sessions share with the other nodes on the database. */
  sessionSharing: SessionSharing;
  /** Prometheus metrics of this process; collected only when asked for (`serve`, which shows them). */
  metrics?: Metrics;
  /** The operator's log (JSON or text lines on stderr, scrubbed of every configured secret), made at first use. */
  logger: Logger;
  /** Writes one warning for the operator to the log. */
  log(message: string): void;
  close(): Promise<void>;
}

/**
 * What a 2025 MCP session needs beyond its own node: its clients' notifications carried to every
 * node, its streams' events kept for a client that resumes elsewhere, and the key its ids are
 * signed with (the same on every node). Only these parts of the store, never the store itself.
 */
export interface SessionSharing {
  /** The store's broadcast, and the longest payload it carries. */
  broadcast: Broadcast & { readonly maxPayloadBytes: number };
  /** The streams' events: written to the store in batches, or kept in this process while it refuses writes. */
  events: SessionStreamEvents;
  signingKey: string;
}

/**
 * Builds the runtime for `configuration`. `metrics`: collect Prometheus metrics (for a front end that
 * serves them); the other options are for tests.
 */
export async function startRuntime(
  configuration: Configuration,
  options: {
    metrics?: boolean;
    store?: Store;
    roster?: ModelRoster;
    createModel?: LanguageModelFactory;
  } = {},
): Promise<Runtime> {
  const secrets = collectSecrets(configuration.providers, configuration.models, configuration.environment);
  const metrics = options.metrics ? (await import("../observability/metrics.ts")).createMetrics() : undefined;
  const tracing = await openTracing(configuration.environment);
  // pino is loaded at the first line logged; a stdio start that goes well logs none.
  let logger: Logger | undefined;
  const operatorLog = () => {
    logger ??= createLogger(configuration.environment, (text) => scrub(text, secrets));
    return logger;
  };
  const log = (message: string) => operatorLog().warn(message);
  const opened = options.store ?? (await openConfiguredStore(configuration, log));
  const store = tracing.traceStore(metrics?.instrumentStore(opened) ?? opened);
  const roster = options.roster ?? (await resolveModelRoster(configuration, createEndpointProbe()));
  const cursorKey = await store.signingKey();
  const latencies = await latencyTracker(store.modelLatencies);
  const tasks = createTaskRunner(
    store.tasks,
    { staleMs: configuration.taskStaleMs, ...defaultTaskLifetimes },
    () => new Date(),
    log,
  );
  const deferred = lazyApplication(configuration, store, roster, {
    secrets,
    latencies,
    tasks,
    cursorKey,
    createModel: options.createModel,
  });
  const application = tracing.traceApplication(metrics?.instrument(deferred) ?? deferred);
  const close = async () => {
    await tasks.close();
    await latencies.flush();
    await store.close();
    await tracing.shutdown();
  };
  return {
    configuration,
    version,
    application,
    roster,
    sessionSharing: sessionSharing(store, cursorKey, log),
    ...(metrics ? { metrics } : {}),
    get logger() {
      return operatorLog();
    },
    log,
    close,
  };
}

/** Opens the configured store: SQLite or PostgreSQL by its URL, the request counters in Redis when one is set. */
function openConfiguredStore(configuration: Configuration, log: (message: string) => void): Promise<Store> {
  return openStore(configuration.databaseUrl, {
    busyWaitMs: configuration.storeWaitMs,
    poolSize: configuration.databasePoolSize,
    // The request counters go to Redis when one is configured; the Redis client is loaded only then.
    ...(configuration.redisUrl ? { redisUrl: configuration.redisUrl, log } : {}),
  });
}

/** What the application is made of beside the configuration, the store and the roster. */
interface ApplicationParts {
  secrets: ReturnType<typeof collectSecrets>;
  latencies: Awaited<ReturnType<typeof latencyTracker>>;
  tasks: ReturnType<typeof createTaskRunner>;
  cursorKey: string;
  /** The model factory a test injects; else the providers' own, loaded at the first use case. */
  createModel: LanguageModelFactory | undefined;
}

/**
 * The application, loaded at the first use case: the application brings the AI SDK and the rate
 * limiter, the model services the provider code. The accounts and the status are loaded on their own,
 * without them.
 */
function lazyApplication(
  configuration: Configuration,
  store: Store,
  roster: ModelRoster,
  { secrets, latencies, tasks, cursorKey, createModel }: ApplicationParts,
): Application {
  const services = {
    store,
    roster,
    defaults: configuration.defaults,
    secrets,
    now: () => performance.now(),
    clock: () => new Date(),
    newId: () => randomUUID(),
    latencies,
  };
  const access = { auth: configuration.auth, tiers: configuration.tiers };
  const status = {
    health: () => store.health(),
    roster,
    panels: configuration.defaults.panels ?? [],
    configuration,
  };
  return deferredApplication(roster, {
    application: async () => {
      const [{ createApplication }, { createAdmission }, models] = await Promise.all([
        import("../application/application.ts"),
        import("../application/limits/admission.ts"),
        modelServices(configuration, createModel),
      ]);
      const admission = createAdmission(store, configuration.tiers, () => new Date());
      return createApplication(
        { ...services, ...models },
        {
          cursorKey,
          admission,
          tasks,
          access,
          providers: configuration,
          confirmAboveUsd: configuration.confirmAboveUsd,
          clientTimeLimits: configuration.clientTimeLimits,
        },
      );
    },
    accounts: async () =>
      (await import("../application/accounts/account-use-cases.ts")).createAccountUseCases({
        ...access,
        keys: store.accounts,
        webSessions: store.webSessions,
        clock: () => new Date(),
      }),
    status: async () => (await import("../application/status-use-cases.ts")).createStatusUseCases(status),
  });
}

/** What the 2025 sessions share through `store`: its broadcast, their streams' events and the signing key. */
function sessionSharing(store: Store, signingKey: string, log: (message: string) => void): SessionSharing {
  return {
    broadcast: {
      maxPayloadBytes: maxBroadcastBytes,
      publish: (channel, payload) => store.broadcast.publish(channel, payload),
      subscribe: (channel, listener) => store.broadcast.subscribe(channel, listener),
    },
    events: sessionStreamEvents(store.streamEvents, log),
    signingKey,
  };
}

/** The model factory (`createModel` when a test injects one) and the check of which models can be used now. */
async function modelServices(configuration: Configuration, createModel: LanguageModelFactory | undefined) {
  const [{ createLanguageModelFactory }, { createUsableModels }, { createProviderFetch }] = await Promise.all(
    [
      import("../providers/create-language-model.ts"),
      import("../providers/usable-models.ts"),
      import("../providers/provider-fetch.ts"),
    ],
  );
  return {
    createModel:
      createModel ?? createLanguageModelFactory(configuration.providers, configuration.environment),
    usableModels: createUsableModels(configuration.providers, createProviderFetch(configuration.environment)),
  };
}

/**
 * Traces when an OTLP endpoint is configured. Without one no span would be recorded, so the
 * OpenTelemetry API is not even loaded and nothing is wrapped.
 */
async function openTracing(environment: Record<string, string | undefined>): Promise<{
  traceStore(store: Store): Store;
  traceApplication(application: Application): Application;
  shutdown(): Promise<void>;
}> {
  if (!environment.OTEL_EXPORTER_OTLP_ENDPOINT && !environment.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) {
    return {
      traceStore: (store) => store,
      traceApplication: (application) => application,
      shutdown: async () => {},
    };
  }
  const { startTracing, traceStore, traceApplication } = await loadOptionalFeature(
    "Tracing (OTEL_EXPORTER_OTLP_ENDPOINT)",
    optionalPackages.tracing,
    () => import("../observability/tracing.ts"),
  );
  const { shutdown } = await startTracing();
  return { traceStore, traceApplication, shutdown };
}
