// OpenTelemetry traces through the standard API: one span per consultation, a child per model call
// and per synthesis, and the store's calls inside it. Loaded by the runtime only when an OTLP endpoint
// is configured (OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT); without one
// nothing would be recorded, so neither this module, the API, the SDK nor the exporter is loaded.
// Spans carry models, latency, tokens and cost; never a user, a key or a prompt.

import { context, type Span, SpanStatusCode, trace } from "@opentelemetry/api";
import type { ConsultationEvent } from "../contract/progress-events.ts";
import { reportError } from "../contract/service-error.ts";
import type { Store } from "../store/store.ts";
import { wrapStore } from "../store/wrap-store.ts";

const tracer = trace.getTracer("ai-universe");

/**
 * Starts exporting spans to the OTLP endpoint the environment configures (the exporter reads it);
 * returns how to flush and stop.
 */
export async function startTracing(): Promise<{ shutdown(): Promise<void> }> {
  const [
    { AsyncLocalStorageContextManager },
    { OTLPTraceExporter },
    { BasicTracerProvider, BatchSpanProcessor },
  ] = await Promise.all([
    import("@opentelemetry/context-async-hooks"),
    import("@opentelemetry/exporter-trace-otlp-http"),
    import("@opentelemetry/sdk-trace-base"),
  ]);
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  const provider = new BasicTracerProvider({
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  trace.setGlobalTracerProvider(provider);
  return { shutdown: () => provider.shutdown() };
}

/** The application with a span around every consultation and a child span per model call. */
export function traceApplication<Application extends object>(application: Application): Application {
  return new Proxy(application, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== "function" || (property !== "secondOpinion" && property !== "sendMessage"))
        return value;
      return (
        caller: unknown,
        input: unknown,
        options: { signal: AbortSignal; onEvent?: (event: ConsultationEvent) => void },
      ) =>
        tracer.startActiveSpan(property === "secondOpinion" ? "consultation" : "message", async (span) => {
          const parent = trace.setSpan(context.active(), span);
          const children = new Map<string, Span>();
          const onEvent = (event: ConsultationEvent) => {
            if (event.type === "model-started" || event.type === "synthesis-started") {
              const name =
                event.type === "model-started" ? `model ${event.model}` : `synthesis ${event.model}`;
              children.set(
                name,
                tracer.startSpan(name, { attributes: { "ai_universe.model": event.model } }, parent),
              );
            }
            if (event.type === "model-finished" || event.type === "synthesis-finished") {
              const name =
                event.type === "model-finished" ? `model ${event.model}` : `synthesis ${event.model}`;
              const child = children.get(name);
              if (event.type === "model-finished") {
                child?.setAttributes({
                  "ai_universe.latency_ms": event.latencyMs,
                  ...(event.tokensUsed !== undefined ? { "ai_universe.tokens": event.tokensUsed } : {}),
                  ...(event.cost !== undefined ? { "ai_universe.cost_usd": event.cost } : {}),
                });
              }
              if (event.error) child?.setStatus({ code: SpanStatusCode.ERROR });
              child?.end();
              children.delete(name);
            }
            options.onEvent?.(event);
          };
          try {
            return await value.call(target, caller, input, { ...options, onEvent });
          } catch (error) {
            span.setStatus({ code: SpanStatusCode.ERROR, message: reportError(error).code });
            throw error;
          } finally {
            for (const child of children.values()) child.end();
            span.end();
          }
        });
    },
  });
}

/** The store with a span around each write of a turn. */
export function traceStore(store: Store): Store {
  return wrapStore(store, (operation, call) =>
    operation !== "conversations.saveTurn"
      ? call()
      : tracer.startActiveSpan("store.saveTurn", async (span) => {
          try {
            return await call();
          } catch (error) {
            span.setStatus({ code: SpanStatusCode.ERROR });
            throw error;
          } finally {
            span.end();
          }
        }),
  );
}
