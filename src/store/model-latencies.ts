// The model-latencies port: each model's recent call latencies, saved now and then so a restarted
// process (or another node) hedges on a model's p95 from its first call rather than after many.

/** The recent latencies (whole milliseconds) of each model, by model name. */
export type Latencies = Record<string, number[]>;

/** Saved latencies. */
export interface ModelLatencyStore {
  /** The latencies as last saved; empty when none were. */
  read(): Promise<Latencies>;
  /** Replaces the saved latencies of the models in `latencies`; the others' are kept. */
  save(latencies: Latencies): Promise<void>;
}
