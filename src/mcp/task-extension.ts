// The Tasks extension (io.modelcontextprotocol/tasks) on the 2026-07-28 revision, which has no sessions
// and no core tasks: a client that declares the extension in a request's capabilities gets a task at once
// from a tools/call of a tool that asks models, and reads it with tasks/get (its result inlined once it
// ends), answers input with tasks/update and cancels it with tasks/cancel. Each method is a use case of
// the application for the verified caller, over the same durable store as the 2025-11-25 tasks, so any
// node reads or cancels a task another started. Wire shapes are the extension package's (core/v2).
// A task the caller does not own answers exactly as an unknown id: Invalid params, task_not_found.

import {
  CancelTaskRequestV2Schema,
  type CreateTaskResultV2,
  type DetailedTaskV2,
  GetTaskRequestV2Schema,
  type GetTaskResultV2,
  hasTaskClientCapabilityV2,
  TASKS_EXTENSION_ID_V2,
  UpdateTaskRequestV2Schema,
} from "@modelcontextprotocol/ext-tasks/core/v2";
import {
  type McpServer,
  MissingRequiredClientCapabilityError,
  ProtocolErrorCode,
  type ServerContext,
} from "@modelcontextprotocol/server";
import type { Application, TaskView } from "../application/index.ts";
import { ServiceError } from "../contract/service-error.ts";
import { callerOf } from "./caller.ts";
import { taskPollIntervalMs } from "./task-handlers.ts";
import { protocolError } from "./tool-result.ts";

/** The server capability that offers the extension (no settings: an empty object says it is supported). */
export const taskExtensionCapability = { [TASKS_EXTENSION_ID_V2]: {} };

/** Whether the request's client declared the extension, so it may be answered with a task. */
export function acceptsTasks(context: ServerContext): boolean {
  return hasTaskClientCapabilityV2({ _meta: context.mcpReq.envelope ?? {} });
}

/** The answer to a tools/call that started `task`: the task in place of the tool's result. */
export function createTaskResult(task: TaskView): CreateTaskResultV2 {
  return { resultType: "task", status: "working", ...taskFields(task) };
}

// Built once: a server is made per HTTP request.
const updateTaskParams = UpdateTaskRequestV2Schema.shape.params.pick({ taskId: true });

/** Installs tasks/get, tasks/update and tasks/cancel on a 2026-07-28 `server`, over `application`. */
export function installTaskExtension(server: McpServer, application: Application): void {
  const protocol = server.server;
  protocol.setRequestHandler(
    "tasks/get",
    { params: GetTaskRequestV2Schema.shape.params },
    (params, context) =>
      forCaller(context, async (caller): Promise<GetTaskResultV2> => {
        const { task, result } = await application.readTask(caller, params);
        return { resultType: "complete", ...detailedTask(task, result) };
      }),
  );
  // The server never asks a client for input, so no request is ever outstanding: the responses are
  // ignored, as the extension says of responses to keys that are not, once the task is known to be the
  // caller's. The SDK lifts `inputResponses` out of the params into the request's context.
  protocol.setRequestHandler("tasks/update", { params: updateTaskParams }, (params, context) =>
    forCaller(context, async (caller) => {
      const { inputResponses, droppedInputResponseKeys } = context.mcpReq;
      if (!inputResponses && !droppedInputResponseKeys?.length)
        throw new ServiceError(
          "invalid_argument",
          "tasks/update needs inputResponses, an object of responses.",
        );
      await application.getTask(caller, { taskId: params.taskId });
      return { resultType: "complete" as const };
    }),
  );
  // Cancellation is cooperative: a task that ended before the request arrived is acknowledged too,
  // and keeps the status it ended with.
  protocol.setRequestHandler(
    "tasks/cancel",
    { params: CancelTaskRequestV2Schema.shape.params },
    (params, context) =>
      forCaller(context, async (caller) => {
        await application.cancelTask(caller, params).catch(async (error: unknown) => {
          if (!(error instanceof ServiceError && error.code === "invalid_argument")) throw error;
          const task = await application.getTask(caller, params);
          if (task.status === "working") throw error;
        });
        return { resultType: "complete" as const };
      }),
  );
}

/**
 * Runs a task method for the request's caller: a client that did not declare the extension gets
 * Missing required client capability, and a ServiceError becomes the JSON-RPC error of its code.
 */
async function forCaller<T>(
  context: ServerContext,
  work: (caller: ReturnType<typeof callerOf>) => Promise<T>,
): Promise<T> {
  if (!acceptsTasks(context)) {
    throw new MissingRequiredClientCapabilityError(
      { requiredCapabilities: { extensions: taskExtensionCapability } },
      `Task methods need the ${TASKS_EXTENSION_ID_V2} extension; declare it in the request's client capabilities.`,
    );
  }
  try {
    return await work(callerOf(context));
  } catch (error) {
    if (error instanceof ServiceError) throw protocolError(error);
    throw error;
  }
}

function taskFields(task: TaskView) {
  return {
    taskId: task.taskId,
    createdAt: task.createdAt,
    lastUpdatedAt: task.updatedAt,
    ttlMs: task.ttlMs,
    pollIntervalMs: taskPollIntervalMs,
    ...(task.statusMessage ? { statusMessage: task.statusMessage } : {}),
  };
}

/**
 * A stored task as the extension shows it. A tool call that ended with a tool error (`isError`) is
 * `completed` with that result, as the extension asks (the store calls it failed); `failed` is kept for a
 * task that ended without a result (its server stopped, or it broke), with the error as JSON-RPC's.
 */
function detailedTask(task: TaskView, result: Record<string, unknown> | null): DetailedTaskV2 {
  const fields = taskFields(task);
  if (task.status === "working" || task.status === "cancelled") return { status: task.status, ...fields };
  if (result) return { status: "completed", ...fields, result: completeResult(result) };
  return {
    status: "failed",
    ...fields,
    error: {
      code: ProtocolErrorCode.InternalError,
      message: task.statusMessage ?? "The task ended without a result; run the call again.",
    },
  };
}

/** The stored tool result as a 2026-07-28 CallToolResult, which names its kind. */
function completeResult(result: Record<string, unknown>) {
  return { ...result, resultType: "complete" } as Extract<DetailedTaskV2, { status: "completed" }>["result"];
}
