// Each model's recent latencies, for hedging: the last 100 answered calls per model, kept in memory,
// loaded from the store at start and saved back (merged with what other nodes saved) at most every
// few seconds, so a restart or another node starts from what was seen. Too few samples give no p95.

import type { LatencyTracker } from "../consultation/index.ts";
import type { Latencies, ModelLatencyStore } from "../store/model-latencies.ts";

/** Recent latencies of every model, and `flush`: saves what is unsaved; call before closing the store. */
export type SavedLatencies = LatencyTracker & { flush(): Promise<void> };

const keptSamples = 100;
const minimumSamples = 20;

/** A tracker over the saved `latencies`, saving at most every `saveEveryMs`; starts with what they hold. */
export async function latencyTracker(
  latencies: ModelLatencyStore,
  saveEveryMs = 5000,
): Promise<SavedLatencies> {
  const samples = new Map(Object.entries(await latencies.read().catch((): Latencies => ({}))));
  const unsaved = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = async () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (unsaved.size === 0) return;
    const changed = Object.fromEntries([...unsaved].map((model) => [model, [...(samples.get(model) ?? [])]]));
    unsaved.clear();
    await latencies.save(changed).catch(() => {}); // best effort: hedging still works from memory
  };
  return {
    record(model, latencyMs) {
      const kept = samples.get(model) ?? [];
      kept.push(Math.round(latencyMs));
      if (kept.length > keptSamples) kept.splice(0, kept.length - keptSamples);
      samples.set(model, kept);
      unsaved.add(model);
      timer ??= setTimeout(() => void flush(), saveEveryMs);
      timer.unref?.();
    },
    p95(model) {
      const kept = samples.get(model) ?? [];
      if (kept.length < minimumSamples) return undefined;
      const sorted = [...kept].sort((a, b) => a - b);
      return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)];
    },
    flush,
  };
}
