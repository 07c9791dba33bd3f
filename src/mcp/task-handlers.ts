// MCP Tasks on the 2025-11-25 revision: `tasks/get`, `tasks/result`, `tasks/list` and `tasks/cancel`,
// each a use case of the application for the verified caller (scoped to it, counted against its tier,
// list pages behind signed cursors). A task is started by a `tools/call` that carries `task` (see
// tool-handlers.ts). A refused request is a JSON-RPC error whose message starts with the stable code
// and whose data carries it: task_not_found and invalid_argument as Invalid params (what the protocol
// asks for a task that is not there), the others (rate_limited, store_unavailable...) as Internal error,
// as the error table says (src/contract/error-table.ts).

import type { McpServer, ProtocolError, ServerContext } from "@modelcontextprotocol/server";
import type { Application, TaskView } from "../application/index.ts";
import { ServiceError } from "../contract/service-error.ts";
import { callerOf } from "./caller.ts";
import { protocolError } from "./tool-result.ts";

/** How often clients are told to poll, in milliseconds. */
export const taskPollIntervalMs = 1000;

const relatedTaskKey = "io.modelcontextprotocol/related-task";

/** A task as the protocol shows it. */
export function taskOnWire(task: TaskView) {
  return {
    taskId: task.taskId,
    status: task.status,
    ttl: task.ttlMs,
    createdAt: task.createdAt,
    lastUpdatedAt: task.updatedAt,
    pollInterval: taskPollIntervalMs,
    ...(task.statusMessage ? { statusMessage: task.statusMessage } : {}),
  };
}

type TaskRequest = { params: { taskId: string; cursor?: string } };
type TaskHandler = (request: TaskRequest, context: ServerContext) => Promise<unknown>;

/** Installs the task methods on `server`, over `application`'s task use cases. */
export function installTaskHandlers(server: McpServer, application: Application): void {
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
    asProtocolError(async () => taskOnWire(await application.getTask(callerOf(context), request.params))),
  );
  on("tasks/result", (request, context) =>
    asProtocolError(async () => {
      const { task, result } = await application.taskResult(callerOf(context), request.params, {
        signal: context.mcpReq.signal,
      });
      const meta = { [relatedTaskKey]: { taskId: task.taskId } };
      if (result) {
        const stored = result as { _meta?: Record<string, unknown> };
        return { ...result, _meta: { ...stored._meta, ...meta } } as never;
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
      const page = await application.listTasks(callerOf(context), { cursor: request.params?.cursor });
      return {
        tasks: page.tasks.map(taskOnWire),
        ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
      };
    }),
  );
  on("tasks/cancel", (request, context) =>
    asProtocolError(async () => taskOnWire(await application.cancelTask(callerOf(context), request.params))),
  );
}

/** Runs a task method; a ServiceError becomes the JSON-RPC error of its code (see the file's header). */
async function asProtocolError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ServiceError) throw taskError(error);
    throw error;
  }
}

/** The JSON-RPC error of a refused task method: the code in the message and in `data` (error-table.ts). */
export function taskError(error: ServiceError): ProtocolError {
  return protocolError(error);
}
