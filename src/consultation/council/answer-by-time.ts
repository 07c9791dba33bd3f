// An answer before the caller gives up: the opinions that came in by the answer-by time, the others
// left running. When not one opinion has come in by then, the first one is awaited, so there is
// always something to answer with.

import type { ModelOpinion } from "../../contract/opinions.ts";
import type { RunOptions } from "../consultation-services.ts";

/** The caller's end of a panel's calls: its cancel and its progress until the answer is given, then let go. */
export interface DetachableCaller {
  signal: AbortSignal;
  onEvent: NonNullable<RunOptions["onEvent"]>;
  /**
   * From now on, the caller's cancel and progress no longer reach the calls (their answer was given);
   * `running` settles once the calls still running (the late ones) have ended.
   */
  detach(running: Promise<unknown>): void;
}

/**
 * Follows `caller` until detached, then its late signal (when given: what stops the late calls) until
 * the late calls have ended. Every listener is removed once it is no longer needed: a signal made by
 * AbortSignal.any (a consultation's late signal is) is kept alive by Node while it has listeners, and would
 * keep the whole call with it.
 */
export function detachable(caller: Pick<RunOptions, "signal" | "onEvent" | "lateSignal">): DetachableCaller {
  const controller = new AbortController();
  const follow = (source: AbortSignal) => {
    const stop = () => controller.abort(source.reason);
    if (source.aborted) stop();
    else source.addEventListener("abort", stop, { once: true });
    return () => source.removeEventListener("abort", stop);
  };
  const unfollow = follow(caller.signal);
  let detached = false;
  return {
    signal: controller.signal,
    onEvent: (event) => {
      if (!detached) caller.onEvent?.(event);
    },
    detach: (running) => {
      detached = true;
      unfollow();
      if (!caller.lateSignal || controller.signal.aborted) return;
      const unfollowAfterwards = follow(caller.lateSignal);
      running.then(unfollowAfterwards, unfollowAfterwards);
    },
  };
}

/**
 * The opinions of `calls` that came in within `waitMs`, the time left to the answer-by time (undefined
 * for those still running then); with none successful by then, waits for the first success or for
 * every call. Rejects as soon as any call rejects (a cancel).
 */
export function answeredBy(
  calls: readonly Promise<ModelOpinion>[],
  waitMs: number,
): Promise<(ModelOpinion | undefined)[]> {
  return new Promise((resolve, reject) => {
    const settled: (ModelOpinion | undefined)[] = calls.map(() => undefined);
    let remaining = calls.length;
    let due = false;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve([...settled]);
    };
    const ready = () => remaining === 0 || (due && settled.some((opinion) => opinion && !opinion.error));
    const timer = setTimeout(() => {
      due = true;
      if (ready()) finish();
    }, waitMs);
    calls.forEach((call, index) => {
      call.then(
        (opinion) => {
          if (done) return;
          settled[index] = opinion;
          remaining -= 1;
          if (ready()) finish();
        },
        (error: unknown) => {
          if (done) return;
          done = true;
          clearTimeout(timer);
          reject(error);
        },
      );
    });
    if (calls.length === 0) finish();
  });
}
