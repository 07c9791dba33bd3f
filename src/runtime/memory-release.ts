// Gives back the memory a burst of calls made the process take. V8 grows its heap well past what is
// live while many calls are in flight, and keeps the pages once they are answered (its own memory
// reducer rarely returns them). So once no call has been running for a while (`idleMs`), and the
// resident set has grown by at least `growthBytes` since the last release, one full collection runs
// that compacts the heap and returns its free pages to the system. Nothing happens per call but
// counting: the resident set is read only once the process has gone idle.

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
 * How long the process must be quiet before it gives memory back: 5 s. The release has a price: the heap
 * it leaves is small, so V8 collects far more often while it grows back, and the next burst's calls cost
 * about a third more CPU (measured with `npm run bench`: 6.9 against 4.9 ms a consultation, bursts of
 * 300 three seconds apart, when the release waited 1 s). Waiting for 5 s of quiet keeps bursts that
 * follow each other from paying it; a process that has gone quiet still gets its memory back.
 */
export const defaultIdleMs = 5000;

/** A release that collects once after each burst, when the calls have stopped. */
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
