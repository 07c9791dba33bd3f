// Preloaded (`--import`) into each server the benchmark measures, the product and the floor alike: it
// answers the benchmark over IPC with the process's CPU time, the bytes it allocated between `start`
// and `stop` and the time its main thread spent in garbage collection (both from V8's GC profile), its live heap after a full collection, and its resident set size:
// the highest sampled every 20 ms since `rss-start`, and the current one with its make-up (resident-make-up.ts).

import { GCProfiler, getHeapSpaceStatistics, getHeapStatistics } from "node:v8";
import { residentMakeUp } from "./resident-make-up.ts";

interface Measurement {
  cpuMs: number;
  allocatedBytes: number;
  /** The main thread's time in garbage collection (V8's GC profile), by kind of collection. */
  gcMs: { young: number; full: number };
}

let profiler: GCProfiler | undefined;
let startHeap = 0;
let startCpu = process.cpuUsage();
let peakRss = 0;
let atPeak: NodeJS.MemoryUsage | undefined;
/** The size of each of V8's heap spaces at the peak, in bytes, by name ("new_space", "old_space"...). */
let spacesAtPeak: Record<string, number> = {};
let rssSampler: ReturnType<typeof setInterval> | undefined;

const usedHeap = () => getHeapStatistics().used_heap_size;

// The channel must not keep a server alive once it has stopped serving.
process.channel?.unref();

process.on("message", (message: { type: string }) => {
  if (message.type === "start") {
    profiler = new GCProfiler();
    profiler.start();
    startHeap = usedHeap();
    startCpu = process.cpuUsage();
  } else if (message.type === "stop") {
    const cpu = process.cpuUsage(startCpu);
    const profile = profiler?.stop();
    let allocated = 0;
    let previousAfter = startHeap;
    const gcMs = { young: 0, full: 0 };
    for (const event of profile?.statistics ?? []) {
      allocated += Math.max(0, event.beforeGC.heapStatistics.usedHeapSize - previousAfter);
      previousAfter = event.afterGC.heapStatistics.usedHeapSize;
      // Scavenges (and V8's minor mark-sweep) collect the young generation; the rest the whole heap.
      gcMs[/scavenge|minor/i.test(event.gcType) ? "young" : "full"] += event.cost / 1000;
    }
    allocated += Math.max(0, usedHeap() - previousAfter);
    const measurement: Measurement = {
      cpuMs: (cpu.user + cpu.system) / 1000,
      allocatedBytes: allocated,
      gcMs,
    };
    process.send?.({ type: "measurement", ...measurement });
  } else if (message.type === "rss-start") {
    peakRss = process.memoryUsage.rss();
    atPeak = undefined;
    clearInterval(rssSampler);
    rssSampler = setInterval(() => {
      const rss = process.memoryUsage.rss();
      if (rss <= peakRss) return;
      peakRss = rss;
      atPeak = process.memoryUsage();
      spacesAtPeak = Object.fromEntries(
        getHeapSpaceStatistics().map((space) => [space.space_name, space.space_size]),
      );
    }, 20);
    rssSampler.unref();
  } else if (message.type === "rss") {
    const now = process.memoryUsage();
    process.send?.({
      type: "rss",
      rss: now.rss,
      peakRss: Math.max(peakRss, now.rss),
      atPeak: atPeak ?? now,
      spacesAtPeak,
      now,
      makeUp: residentMakeUp(),
    });
  } else if (message.type === "heap") {
    (globalThis as { gc?: () => void }).gc?.();
    (globalThis as { gc?: () => void }).gc?.();
    process.send?.({ type: "heap", heapUsed: usedHeap() });
  }
});
