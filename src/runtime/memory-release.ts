// Gives back the memory a burst of calls made the process take. V8 grows its heap well past what is
// live while many calls are in flight, and keeps the pages once they are answered. V8's own memory
// reducer shrinks the heap after seconds of quiet, whenever it judges the process idle, and the burst
// after it pays for the regrowth; `serve` runs with it off (serve-node-options.ts) and gives memory back
// here instead, on its own terms: once no call has been running for `idleMs`, and the resident set has
// grown by at least `growthBytes` since the last release, one full collection runs that compacts the
// heap and returns its free pages to the system. Nothing happens per call but counting: the resident
// set is read only once the process has gone idle.

import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/** What a front door tells the release about its calls. */
export interface MemoryRelease {
  /** A call started (a pending release waits for the next idle moment). */
  callStarted(): void;
  /** No call is running any more. */
  callsEnded(): void;
}

/** How the release measures and collects; the defaults are the process's own. */
export interface MemoryReleaseOptions {
  /** How long no call must run before the release (default `defaultIdleMs`). */
  idleMs?: number;
  /** Growth of the resident set since the last release that makes it worth one (default 64 MB). */
  growthBytes?: number;
  /** The resident set size, bytes (default `process.memoryUsage.rss`). */
  residentBytes?: () => number;
  /** Collects and returns free memory to the system (default `collectAndRelease`). */
  collect?: () => void;
}

let garbageCollector: NodeJS.GCFunction | undefined;

/**
 * A full collection that compacts the heap and returns its free pages to the system: V8's "last
 * resort" collection, through its gc extension (exposed for this when the process was not started
 * with `--expose-gc`). It pauses the process for some tens of milliseconds on a heap of a few
 * hundred MB, which is why it runs only when no call is running.
 */
export function collectAndRelease(): void {
  if (!garbageCollector) {
    const exposed = (globalThis as { gc?: NodeJS.GCFunction }).gc;
    if (exposed) garbageCollector = exposed;
    else {
      setFlagsFromString("--expose-gc");
      garbageCollector = runInNewContext("gc") as NodeJS.GCFunction;
    }
  }
  garbageCollector({ type: "major", execution: "sync", flavor: "last-resort" });
}

/**
 * How long the process must be quiet before it gives memory back: 30 s. The release has a price: the
 * next burst regrows the heap and pages it gave back, and its calls cost far more CPU (measured on one
 * process, bursts of 300 eight seconds apart: 8.8 against 5.0 ms a consultation when the release
 * waited 5 s and ran before each burst). Waiting for 30 s of quiet keeps traffic that pauses for a few
 * seconds from paying it; a process that has gone quiet still gets its memory back.
 */
export const defaultIdleMs = 30_000;

/**
 * A release that collects once after each burst, when the calls have stopped. It takes over from V8's
 * own memory reducer (turned off for the process), which shrinks the heap after 8 s of low allocation:
 * measured on one process, bursts of 300 ten seconds apart, a burst after the reducer had shrunk the
 * heap cost 12.6 ms a consultation instead of about 4.5.
 */
export function createMemoryRelease(options: MemoryReleaseOptions = {}): MemoryRelease {
  const idleMs = options.idleMs ?? defaultIdleMs;
  const growthBytes = options.growthBytes ?? 64 * 1024 * 1024;
  const residentBytes = options.residentBytes ?? (() => process.memoryUsage.rss());
  const collect = options.collect ?? collectAndRelease;
  let baseline = residentBytes();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const release = () => {
    timer = undefined;
    const resident = residentBytes();
    if (resident < baseline + growthBytes) {
      // Smaller than the last release left it: the new floor to grow from.
      baseline = Math.min(baseline, resident);
      return;
    }
    collect();
    baseline = residentBytes();
  };
  return {
    callStarted() {
      if (timer === undefined) return;
      clearTimeout(timer);
      timer = undefined;
    },
    callsEnded() {
      clearTimeout(timer);
      timer = setTimeout(release, idleMs);
      // A release never keeps a stopping process alive.
      timer.unref();
    },
  };
}
