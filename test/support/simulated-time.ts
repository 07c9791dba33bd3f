// Simulated time for tests that run a server, its client and the provider simulator in one process:
// node:test's mocked setTimeout and setInterval, moved on by the test a step at a time, and only once
// whatever the last step set off (requests, answers, writes) has run its course. A minute of model
// latency, answer-by deadlines, heartbeats and client timeouts then takes a moment of real time.
// Everything the test waits on must run in this process: work outside it (a PostgreSQL server, a child
// process) leaves the process idle while it runs, and the clock would move on without it.

import { performance } from "node:perf_hooks";
import { mock } from "node:test";

/** Real timers, kept before any test mocks them: what happens between two steps runs on these. */
const realSetTimeout = globalThis.setTimeout;
const realWait = (milliseconds: number) => new Promise((resolve) => realSetTimeout(resolve, milliseconds));

/** A clock the test moves; `restore` puts the real timers back. */
export interface SimulatedTime {
  /** Milliseconds moved since the start. */
  now(): number;
  /** Moves time a step at a time, each once the process is idle, until `done()` or `limitMs` in all. */
  advanceUntil(done: () => boolean, limitMs: number): Promise<void>;
  /** Moves time until `promise` settles: its value, or what it threw; throws when `limitMs` pass first. */
  until<T>(promise: Promise<T>, limitMs: number): Promise<T>;
  /** Waits (in real time) until the process has had nothing to do for a moment. */
  settle(): Promise<void>;
  restore(): void;
}

/** Mocks setTimeout and setInterval from now on; call `restore` when done (after an `after` too). */
export function simulateTime(stepMs = 1000): SimulatedTime {
  mock.timers.enable({ apis: ["setTimeout", "setInterval"] });
  // node:test's mocked setTimeout never fires a timer set without a delay once the clock has moved (its
  // due time is NaN), where Node's own uses 1 ms; @hono/node-server, under the MCP SDK's HTTP handler,
  // sets one before every streamed answer. reset() puts the real setTimeout back.
  const mockedSetTimeout = globalThis.setTimeout;
  globalThis.setTimeout = ((callback: () => void, delay?: number, ...rest: unknown[]) =>
    mockedSetTimeout(callback, Number.isFinite(delay) ? delay : 1, ...rest)) as typeof setTimeout;
  let moved = 0;
  const settle = async () => {
    // Idle: a stretch of 10 ms in which the event loop was busy under a tenth of the time. Bounded, so a
    // process that never quiets down still moves on.
    for (let tries = 0; tries < 200; tries++) {
      const start = performance.eventLoopUtilization();
      await realWait(10);
      if (performance.eventLoopUtilization(start).utilization < 0.1) return;
    }
  };
  return {
    now: () => moved,
    settle,
    async advanceUntil(done, limitMs) {
      const until = moved + limitMs;
      await settle();
      while (!done() && moved < until) {
        mock.timers.tick(stepMs);
        moved += stepMs;
        await settle();
      }
    },
    async until<T>(promise: Promise<T>, limitMs: number) {
      let outcome: { value: T } | { error: unknown } | undefined;
      promise.then(
        (value) => (outcome = { value }),
        (error: unknown) => (outcome = { error }),
      );
      await this.advanceUntil(() => outcome !== undefined, limitMs);
      if (!outcome) throw new Error(`not settled after ${limitMs} ms of simulated time`);
      if ("error" in outcome) throw outcome.error;
      return outcome.value;
    },
    restore: () => mock.timers.reset(),
  };
}
