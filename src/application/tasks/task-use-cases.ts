// Tool calls run as tasks, as use cases: started, read, listed, cancelled and their result fetched,
// each by its owner only. The start counts the tool call's request before the task exists (a refused
// call leaves no task behind) and the call is not counted again; every other use is counted against
// the tier's poll allowance (admission.admitPoll: clients poll, so looks at tasks do not use up the
// requests a tier has for questions). Task lists page behind signed cursors, as conversation
// lists do, and every failure is a ServiceError with a stable code (task_not_found, invalid_argument,
// rate_limited, store_unavailable...), an input refused naming its field. The runner (task-runner.ts) keeps and runs the tasks.

import { z } from "zod";
import { ServiceError } from "../../contract/service-error.ts";
import { validateInput } from "../../contract/validate-input.ts";
import type { TaskRecord } from "../../store/tasks.ts";
import type { Caller } from "../caller.ts";
import type { CursorCodec } from "../conversations/paging.ts";
import type { Admission } from "../limits/admission.ts";
import type { TaskWork as RunnerWork, TaskRunner } from "./task-runner.ts";

/**
 * What a task runs: the tool call, as `caller` (the starter, whose request the start has counted), to
 * completion or until `signal` aborts; returns the call's result.
 */
export type TaskWork = (signal: AbortSignal, caller: Caller) => ReturnType<RunnerWork>;

/** A task as its owner sees it: the stored task without its owner, result and runner. */
export interface TaskView
  extends Pick<TaskRecord, "tool" | "status" | "statusMessage" | "createdAt" | "updatedAt" | "ttlMs"> {
  taskId: string;
}

/** One page of the caller's tasks, newest first. */
export interface TaskListPage {
  tasks: TaskView[];
  /** Pass it as `cursor` for the next page; absent on the last page. */
  nextCursor?: string;
}

/** A task with its tool call's result (null while it works, when it was cancelled or its server stopped). */
export interface TaskOutcome {
  task: TaskView;
  result: Record<string, unknown> | null;
}

/** The task use cases. Inputs are `unknown`: each method validates what it is given. */
export interface TaskUseCases {
  /**
   * Starts `work` (a tool call) as a task of the caller's and answers at once. `input`: `{ tool, ttl? }`,
   * `ttl` in milliseconds (from 1000; a longer one than tasks are kept is cut). Counts the tool call's
   * request first and throws as a call would (`rate_limited`, `budget_exhausted`), with no task made.
   */
  startTask(caller: Caller, input: { tool: string; ttl?: unknown }, work: TaskWork): Promise<TaskView>;
  /** The caller's task `{ taskId }`; throws task_not_found. */
  getTask(caller: Caller, input: unknown): Promise<TaskView>;
  /** One page of the caller's tasks (`{ cursor? }`, a cursor an earlier page handed out). */
  listTasks(caller: Caller, input?: unknown): Promise<TaskListPage>;
  /** Cancels the caller's working task `{ taskId }`; throws invalid_argument when it already ended. */
  cancelTask(caller: Caller, input: unknown): Promise<TaskView>;
  /**
   * The caller's task `{ taskId }` as it stands, with its result once it has ended (null while it works,
   * or when it ended without one); never waits. Throws task_not_found.
   */
  readTask(caller: Caller, input: unknown): Promise<TaskOutcome>;
  /** The caller's task `{ taskId }` once it has ended, with its result; waits while it works. */
  taskResult(caller: Caller, input: unknown, options: { signal: AbortSignal }): Promise<TaskOutcome>;
}

/** Tasks listed per page. */
export const taskPageSize = 50;

/** The task use cases over `runner`, counting with `admission` and signing list cursors with `cursors`. */
export function createTaskUseCases(
  runner: TaskRunner,
  admission: Pick<Admission, "admitPoll" | "admitAhead">,
  cursors: CursorCodec,
): TaskUseCases {
  return {
    async startTask(caller, input, work) {
      const ttlMs = requestedTtl(input.ttl, runner.timings.defaultTtlMs);
      const counted = await admission.admitAhead(caller);
      return taskView(await runner.start(caller, input.tool, ttlMs, (signal) => work(signal, counted)));
    },

    async getTask(caller, input) {
      const { taskId } = validateInput(taskIdInput, input);
      await admission.admitPoll(caller);
      return taskView(await runner.get(caller, taskId));
    },

    async listTasks(caller, input = {}) {
      const { cursor } = validateInput(taskListInput, input);
      const after = cursor ? decodePosition(cursors, cursor) : undefined;
      await admission.admitPoll(caller);
      const page = await runner.list(caller, after, taskPageSize);
      const last = page.tasks.at(-1);
      return {
        tasks: page.tasks.map(taskView),
        ...(page.hasMore && last ? { nextCursor: cursors.encode({ t: last.createdAt, i: last.id }) } : {}),
      };
    },

    async cancelTask(caller, input) {
      const { taskId } = validateInput(taskIdInput, input);
      await admission.admitPoll(caller);
      return taskView(await runner.cancel(caller, taskId));
    },

    async readTask(caller, input) {
      const { taskId } = validateInput(taskIdInput, input);
      await admission.admitPoll(caller);
      const task = await runner.get(caller, taskId);
      return { task: taskView(task), result: task.result };
    },

    async taskResult(caller, input, options) {
      const { taskId } = validateInput(taskIdInput, input);
      await admission.admitPoll(caller);
      const task = await runner.settled(caller, taskId, options.signal);
      return { task: taskView(task), result: task.result };
    },
  };
}

/** The position a task cursor holds: the last task of the page before (its creation time and id). */
function decodePosition(cursors: CursorCodec, cursor: string): { createdAt: string; id: string } {
  const position = cursors.decode<{ t: string; i: string }>(
    cursor,
    (value): value is { t: string; i: string } & Record<string, unknown> =>
      typeof value.t === "string" && !Number.isNaN(Date.parse(value.t)) && typeof value.i === "string",
  );
  return { createdAt: position.t, id: position.i };
}

function taskView(task: TaskRecord): TaskView {
  return {
    taskId: task.id,
    tool: task.tool,
    status: task.status,
    statusMessage: task.statusMessage,
    createdAt: task.createdAt,
    updatedAt: task.updatedAt,
    ttlMs: task.ttlMs,
  };
}

/** `{ taskId }`: the task a get, a cancel or a result is about. */
const taskIdInput = z.object({ taskId: z.string().min(1).max(200) });

/** `{ cursor? }`: the page of a task list (the nextCursor of the page before). */
const taskListInput = z.object({ cursor: z.string().max(500).optional() });

/** The shortest time to live a task may ask for, in milliseconds. */
const minimumTtlMs = 1000;

/**
 * The time to live a task-augmented call asks for, in milliseconds (undefined: the default). Anything
 * but a whole number of milliseconds from one second on is refused as invalid_argument, before any
 * task is made.
 */
function requestedTtl(ttl: unknown, defaultTtlMs: number): number | undefined {
  if (ttl === undefined || ttl === null) return undefined;
  if (typeof ttl === "number" && Number.isSafeInteger(ttl) && ttl >= minimumTtlMs) return ttl;
  const shown = typeof ttl === "string" ? JSON.stringify(ttl.slice(0, 40)) : String(ttl).slice(0, 40);
  throw new ServiceError(
    "invalid_argument",
    `task.ttl ${shown} is not a whole number of milliseconds from ${minimumTtlMs} on; send one (600000 is ten minutes), or leave it out for the default of ${describeDuration(defaultTtlMs)}.`,
  );
}

function describeDuration(ms: number): string {
  const hours = ms / 3_600_000;
  return Number.isInteger(hours) ? `${hours} hour${hours === 1 ? "" : "s"}` : `${ms} ms`;
}
