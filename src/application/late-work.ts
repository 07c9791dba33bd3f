// The models still running after their calls' answers, across the application. Each call is counted
// from its start until its turn settles (or it fails before an answer). At shutdown they get until a
// deadline to land; then they are stopped, each stored as stopped in its place, rather than lost with
// the process and left "still answering" in history forever.

import type { RunOptions } from "../consultation/consultation-services.ts";

/** The application's late models, and the way to let them finish at shutdown. */
export interface LateWork {
  /**
   * The run options of one call, whose late models stop when `finish` stops them; call `failed` when
   * the call ends without an answer (its turn then never settles).
   */
  track(options: RunOptions): { options: RunOptions; failed(): void };
  /**
   * Waits up to `waitMs` for every call's late models to land, then stops the rest and waits for them
   * to be stored. Resolves with how many calls had models stopped.
   */
  finish(waitMs: number): Promise<number>;
}

/** How long stopped models get to be stored. */
const storeMs = 10_000;

export function createLateWork(): LateWork {
  const stop = new AbortController();
  let running = 0;
  let changed = () => {};
  const settle = () => {
    running -= 1;
    changed();
  };
  /** Resolves when no call runs, or after `ms`. */
  const idle = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      changed = () => {
        if (running > 0) return;
        clearTimeout(timer);
        resolve();
      };
      changed();
    });
  return {
    track(options) {
      running += 1;
      let done = false;
      const once = () => {
        if (done) return;
        done = true;
        settle();
      };
      return {
        options: {
          ...options,
          lateSignal: options.lateSignal ? AbortSignal.any([options.lateSignal, stop.signal]) : stop.signal,
          onTurnSettled: () => {
            once();
            options.onTurnSettled?.();
          },
        },
        failed: once,
      };
    },
    async finish(waitMs) {
      await idle(waitMs);
      const stopped = running;
      if (stopped === 0) return 0;
      stop.abort();
      await idle(storeMs);
      return stopped;
    },
  };
}
