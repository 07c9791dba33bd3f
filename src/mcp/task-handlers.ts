// MCP Tasks on the 2025-11-25 revision: `tasks/get`, `tasks/result`, `tasks/list` and `tasks/cancel`,
// each scoped to the verified caller, over the process's task runner. A task is started by a
// `tools/call` that carries `task` (see tool-handlers.ts).

import {
  type McpServer,
  ProtocolError,
  ProtocolErrorCode,
  type ServerContext,
} from "@modelcontextprotocol/server";
import type { TaskRunner } from "../application/tasks/task-runner.ts";
import { ServiceError } from "../contract/service-error.ts";
import type { TaskRecord } from "../store/tasks.ts";
import { callerOf } from "./caller.ts";

/** How often clients are told to poll, in milliseconds. */
export const taskPollIntervalMs = 1000;

const pageSize = 50;
const relatedTaskKey = "io.modelcontextprotocol/related-task";

/** A task as the protocol shows it. */
export function taskOnWire(task: TaskRecord) {
  return {
    taskId: task.id,
    status: task.status,
    ttl: task.ttlMs,
    createdAt: task.createdAt,
    lastUpdatedAt: task.updatedAt,
    pollInterval: taskPollIntervalMs,
    ...(task.statusMessage ? { statusMessage: task.statusMessage } : {}),
  };
}

/** The shortest time to live a task may ask for, in milliseconds. */
const minimumTtlMs = 1000;

/**
 * The time to live a task-augmented call asks for, in milliseconds (undefined: the default). Anything
 * but a whole number of milliseconds from one second on is refused as invalid_argument before the
 * task is made; a longer one than the runner keeps is cut to its maximum.
 */
export function requestedTaskTtl(ttl: unknown): number | undefined {
  if (ttl === undefined || ttl === null) return undefined;
  if (typeof ttl === "number" && Number.isSafeInteger(ttl) && ttl >= minimumTtlMs) return ttl;
  const shown = typeof ttl === "string" ? JSON.stringify(ttl.slice(0, 40)) : String(ttl).slice(0, 40);
  throw new ProtocolError(
    ProtocolErrorCode.InvalidParams,
    `invalid_argument: task.ttl ${shown} is not a whole number of milliseconds from ${minimumTtlMs} on; send one (600000 is ten minutes), or leave it out for the default of 24 hours.`,
  );
}

type TaskRequest = { params: { taskId: string; cursor?: string } };
type TaskHandler = (request: TaskRequest, context: ServerContext) => Promise<unknown>;

/** Installs the task methods on `server`. */
export function installTaskHandlers(server: McpServer, tasks: TaskRunner): void {
  const protocol = server.server;
  // The SDK's types leave the 2025 task methods out (it has no task runtime of its own), but it
  // validates and routes them like any method of the revision; the handlers are typed here.
  const on = (method: "tasks/get" | "tasks/result" | "tasks/list" | "tasks/cancel", handler: TaskHandler) =>
    (protocol.setRequestHandler as unknown as (method: string, handler: TaskHandler) => void).call(
      protocol,
      method,
      handler,
    );
  on("tasks/get", (request, context) =>
    asProtocolError(async () => taskOnWire(await tasks.get(callerOf(context), request.params.taskId))),
  );
  on("tasks/result", (request, context) =>
    asProtocolError(async () => {
      const { taskId } = request.params;
      const task = await tasks.settled(callerOf(context), taskId, context.mcpReq.signal);
      const meta = { [relatedTaskKey]: { taskId } };
      if (task.result) {
        const stored = task.result as { _meta?: Record<string, unknown> };
        return { ...task.result, _meta: { ...stored._meta, ...meta } } as never;
      }
      return {
        isError: true,
        content: [
          {
            type: "text" as const,
            text: `${task.status}: ${task.statusMessage ?? "The task ended without a result."}`,
          },
        ],
        _meta: meta,
      };
    }),
  );
  on("tasks/list", (request, context) =>
    asProtocolError(async () => {
      const after = decodeCursor(request.params?.cursor);
      const page = await tasks.list(callerOf(context), after, pageSize);
      const last = page.tasks.at(-1);
      return {
        tasks: page.tasks.map(taskOnWire),
        ...(page.hasMore && last ? { nextCursor: encodeCursor(last) } : {}),
      };
    }),
  );
  on("tasks/cancel", (request, context) =>
    asProtocolError(async () => taskOnWire(await tasks.cancel(callerOf(context), request.params.taskId))),
  );
}

async function asProtocolError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ServiceError)
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, error.message);
    throw error;
  }
}

function encodeCursor(task: TaskRecord): string {
  return Buffer.from(JSON.stringify([task.createdAt, task.id])).toString("base64url");
}

function decodeCursor(cursor: string | undefined): { createdAt: string; id: string } | undefined {
  if (cursor === undefined) return undefined;
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown[];
    if (typeof createdAt === "string" && typeof id === "string") return { createdAt, id };
  } catch {
    // fall through to the error below
  }
  throw new ProtocolError(ProtocolErrorCode.InvalidParams, "The cursor is not one this server handed out.");
}
