// What the engine needs from outside, injected so tests need no globals: the models and their factory,
// the defaults and a monotonic clock. No store: the engine is given the history it reads and records nothing.

import type { ConsultationDefaults } from "../configuration/configuration.ts";
import type { ConsultationEvent } from "../contract/progress-events.ts";
import type { LanguageModelFactory } from "../providers/create-language-model.ts";
import type { ModelEntry } from "../providers/model-entry.ts";
import type { ModelRoster } from "../providers/model-roster.ts";

/** Everything a consultation needs from outside. */
export interface ConsultationServices {
  roster: ModelRoster;
  defaults: ConsultationDefaults;
  createModel: LanguageModelFactory;
  /** Configured keys, scrubbed from every error message. */
  secrets: readonly string[];
  /** Monotonic milliseconds (performance.now). */
  now: () => number;
  /** Each model's recent latencies, for hedging on p95; absent, hedges on p95 never fire. */
  latencies?: LatencyTracker;
  /**
   * The model ids `entry`'s key can use (the provider's model list), asked when a call fails because
   * the model is unknown to the key; undefined when the list cannot be had. Absent: never asked.
   */
  usableModels?: (entry: ModelEntry) => Promise<readonly string[] | undefined>;
}

/** Each model's recent latencies (kept by the runtime, runtime/latency-tracker.ts). */
export interface LatencyTracker {
  /** Notes an answered call. */
  record(model: string, latencyMs: number): void;
  /** The 95th percentile of the model's recent latencies, or undefined when too few were seen. */
  p95(model: string): number | undefined;
}

/** Options of one run: cancellation and progress. */
export interface RunOptions {
  signal: AbortSignal;
  onEvent?: (event: ConsultationEvent) => void;
  /** The caller shows answers as they form: call providers in streaming mode and report the text. */
  stream?: boolean;
  /**
   * The answer-by time, in milliseconds from the start (decided by the application, answer-by.ts): the
   * synthesis is written from the opinions in hand then, and the models still running go on, their
   * opinions added to the stored turn as they land. Absent: the full wait.
   */
  answerByMs?: number;
  /**
   * Stops the models still running after the answer (each is stored as stopped in its place); absent,
   * they run to their end. For a caller in whose process they run, such as the terminal's `ask`.
   */
  lateSignal?: AbortSignal;
}
