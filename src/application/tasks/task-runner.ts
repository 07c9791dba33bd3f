// Long-running tool calls as tasks: started, polled, fetched and cancelled by their owner, kept in
// the store so they outlive the client's connection and can be reached from any node. This process
// says every few seconds that its tasks still run (and stops those another node cancelled); a task
// whose process stopped saying so (it was killed) is failed with the reason, so no task stays
// "working" forever. A task's result is stored once and returned the same each time.

import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { ServiceError } from "../../contract/service-error.ts";
import type { TaskPage, TaskRecord, TaskStore } from "../../store/tasks.ts";
import type { Caller } from "../caller.ts";

/** What a task runs: the tool call, to completion or until `signal` aborts; returns the call's result. */
export type TaskWork = (
  signal: AbortSignal,
) => Promise<{ isError?: boolean; content?: unknown } & Record<string, unknown>>;

/** Task lifetimes. */
export interface TaskTimings {
  /** A working task whose process has not reported for this long is failed. */
  staleMs: number;
  /** Default and longest time a task and its result are kept. */
  defaultTtlMs: number;
  maxTtlMs: number;
}

/** Runs and tracks the tasks of this process. */
export interface TaskRunner {
  /** The lifetimes it keeps tasks for. */
  readonly timings: TaskTimings;
  start(caller: Caller, tool: string, ttlMs: number | undefined, work: TaskWork): Promise<TaskRecord>;
  /** The caller's task; throws `task_not_found`. */
  get(caller: Caller, id: string): Promise<TaskRecord>;
  /** The caller's task once it has ended; waits while it works. */
  settled(caller: Caller, id: string, signal: AbortSignal): Promise<TaskRecord>;
  list(
    caller: Caller,
    after: { createdAt: string; id: string } | undefined,
    limit: number,
  ): Promise<TaskPage>;
  /** Cancels a working task (its provider calls are aborted); throws `invalid_argument` when it already ended. */
  cancel(caller: Caller, id: string): Promise<TaskRecord>;
  /** Stops: running tasks are aborted and failed with the reason. */
  close(): Promise<void>;
}

/** Tasks are kept a day unless the call asks for less, and a week at most. */
export const defaultTaskLifetimes = { defaultTtlMs: 86_400_000, maxTtlMs: 7 * 86_400_000 } as const;

/** The message of a task whose process went away. */
export const interruptedMessage =
  "The server running this task stopped before it finished (it was restarted or killed). Nothing was stored; run the call again.";

/** The tasks this process runs, by id. */
type RunningTasks = Map<string, { controller: AbortController; done: Promise<void>; owner: string }>;

/** Builds the runner over the tasks port `store`. */
export function createTaskRunner(
  store: TaskStore,
  timings: TaskTimings,
  clock: () => Date,
  log: (message: string) => void,
): TaskRunner {
  const runner = randomUUID();
  const running: RunningTasks = new Map();
  const now = () => clock().toISOString();
  const { sweep, heartbeat } = housekeeping(store, timings, clock, runner, running);
  const find = finder(store, sweep);

  return {
    timings,

    async start(caller, tool, ttlMs, work) {
      const task = newTask(
        caller,
        tool,
        Math.min(ttlMs ?? timings.defaultTtlMs, timings.maxTtlMs),
        runner,
        now(),
      );
      await store.create(task);
      const controller = new AbortController();
      const done = runToEnd(store, task.id, work, controller.signal, now, log).finally(() => {
        running.delete(task.id);
      });
      running.set(task.id, { controller, done, owner: caller.userId });
      return task;
    },

    get: find,

    async settled(caller, id, signal) {
      for (;;) {
        const task = await find(caller, id);
        if (task.status !== "working") return task;
        const local = running.get(id);
        if (local) await Promise.race([local.done, aborted(signal)]);
        else await sleep(Math.min(1000, timings.staleMs / 2), undefined, { signal }).catch(() => {});
        signal.throwIfAborted();
      }
    },

    async list(caller, after, limit) {
      await sweep();
      return store.list(caller.userId, { ...(after ? { after } : {}), limit });
    },

    async cancel(caller, id) {
      const task = await find(caller, id);
      if (task.status !== "working") {
        throw new ServiceError(
          "invalid_argument",
          `Task ${id} already ended (${task.status}); there is nothing to cancel.`,
        );
      }
      running.get(id)?.controller.abort(new ServiceError("cancelled", "The task was cancelled."));
      await store.finish(id, {
        status: "cancelled",
        statusMessage: "Cancelled by the client; nothing was stored.",
        result: null,
        at: now(),
      });
      return find(caller, id);
    },

    async close() {
      clearInterval(heartbeat);
      await stopAll(store, running, now);
    },
  };
}

/** Reads the caller's task after the store's upkeep; throws `task_not_found`. */
function finder(store: TaskStore, sweep: () => Promise<void>) {
  return async (caller: Caller, id: string): Promise<TaskRecord> => {
    await sweep();
    const task = await store.get(caller.userId, id);
    if (!task)
      throw new ServiceError(
        "task_not_found",
        `There is no task ${id.slice(0, 100)} of yours; it may have expired.`,
      );
    return task;
  };
}

/** A working task of `caller`'s, started `at` by `runner`, kept `ttlMs`. */
function newTask(caller: Caller, tool: string, ttlMs: number, runner: string, at: string): TaskRecord {
  return {
    id: randomUUID(),
    userId: caller.userId,
    tool,
    status: "working",
    statusMessage: null,
    result: null,
    createdAt: at,
    updatedAt: at,
    ttlMs,
    runner,
    heartbeatAt: at,
  };
}

/**
 * The store's upkeep: `sweep` fails stale tasks and deletes expired ones (at most a few times per stale
 * period, not on every poll); the heartbeat says this process's tasks still run, and stops any that
 * another node cancelled meanwhile.
 */
function housekeeping(
  store: TaskStore,
  timings: TaskTimings,
  clock: () => Date,
  runner: string,
  running: RunningTasks,
) {
  const now = () => clock().toISOString();
  let lastSweep = Number.NEGATIVE_INFINITY;
  const sweep = async () => {
    if (clock().getTime() - lastSweep < timings.staleMs / 4) return;
    lastSweep = clock().getTime();
    const before = new Date(clock().getTime() - timings.staleMs).toISOString();
    await store.failStale(before, interruptedMessage, now());
    await store.deleteExpired(clock().getTime());
  };
  const beat = async () => {
    if (running.size === 0) return;
    await store.heartbeat(runner, now());
    for (const [id, task] of running) {
      const stored = await store.get(task.owner, id);
      if (stored && stored.status !== "working")
        task.controller.abort(new ServiceError("cancelled", "The task was cancelled."));
    }
  };
  const heartbeat = setInterval(() => void beat().catch(() => {}), Math.max(250, timings.staleMs / 4));
  heartbeat.unref();
  return { sweep, heartbeat };
}

/** Runs `work` and stores how it ended; a task stopped by `signal` is left to whoever stopped it. */
async function runToEnd(
  store: TaskStore,
  id: string,
  work: TaskWork,
  signal: AbortSignal,
  now: () => string,
  log: (message: string) => void,
): Promise<void> {
  try {
    const result = await work(signal);
    // Whoever aborted the work (a cancel, another node's cancel, the server stopping) writes how it ended;
    // a tool that answered its abort with an error result must not race that write with "failed".
    if (signal.aborted) return;
    const failed = result.isError === true;
    await store.finish(id, {
      status: failed ? "failed" : "completed",
      statusMessage: failed ? firstText(result).slice(0, 500) : null,
      result,
      at: now(),
    });
  } catch (error) {
    if (signal.aborted) return;
    log(`task ${id} failed unexpectedly: ${(error as Error)?.stack ?? String(error)}`);
    await store
      .finish(id, {
        status: "failed",
        statusMessage: "The task failed unexpectedly; run the call again.",
        result: null,
        at: now(),
      })
      .catch(() => {});
  }
}

/** Stops every running task, failing each with the reason. */
async function stopAll(store: TaskStore, running: RunningTasks, now: () => string): Promise<void> {
  const stopping = [...running.entries()];
  for (const [, { controller }] of stopping)
    controller.abort(new ServiceError("cancelled", "The server is stopping."));
  await Promise.all(
    stopping.map(([id]) =>
      store
        .finish(id, { status: "failed", statusMessage: interruptedMessage, result: null, at: now() })
        .catch(() => {}),
    ),
  );
}

function firstText(result: { content?: unknown }): string {
  const blocks = Array.isArray(result.content) ? (result.content as { text?: unknown }[]) : [];
  const text = blocks.find((block) => typeof block.text === "string")?.text;
  return typeof text === "string" ? text : "The call failed.";
}

function aborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener("abort", () => resolve(), { once: true });
  });
}
