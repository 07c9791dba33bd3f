// `tools/list` and `tools/call` for one server instance. Calls accept both spellings of every tool
// name; the input goes to the application unvalidated, so its schema (and its invalid_argument error)
// is the only rule; the result is projected through the SDK's codec for the negotiated revision.

import {
  type McpServer,
  ProtocolError,
  ProtocolErrorCode,
  type ServerContext,
} from "@modelcontextprotocol/server";
import type { Application } from "../application/index.ts";
import { ServiceError } from "../contract/service-error.ts";
import { callerOf } from "./caller.ts";
import type { ConformanceTool } from "./conformance-tools.ts";
import { confirmCost, confirmsCost } from "./cost-question.ts";
import { progressReporter } from "./progress-reporter.ts";
import { revisionHasTasks, servedRevision } from "./protocol-revision.ts";
import { acceptsTasks, createTaskResult } from "./task-extension.ts";
import { taskError, taskOnWire } from "./task-handlers.ts";
import type { ToolCatalog } from "./tool-catalog.ts";
import { toolFailure, toolSuccess } from "./tool-result.ts";

/** Loads the conformance suite's test tools, which are listed and called after the catalog's. */
export type ConformanceToolLoader = () => Promise<readonly ConformanceTool[]>;

/**
 * Installs the tool handlers of `catalog` on `server`. With `tasks` "2025-11-25" (the 2025 revisions), a
 * client on a revision with tasks sees which tools may run as one, and a call of theirs that carries `task`
 * starts a task and answers at once with it; with "extension" (2026-07-28), so does a call of a tool that
 * asks models from a client that declares the Tasks extension (task-extension.ts). With `conformance` (only
 * when the setting is on), the conformance suite's test tools are offered too.
 */
export function installToolHandlers(
  server: McpServer,
  catalog: ToolCatalog,
  application: Application,
  log: (message: string) => void,
  tasks?: "2025-11-25" | "extension",
  conformance?: ConformanceToolLoader,
): void {
  const protocol = server.server;
  const offersTasks = (context: ServerContext) =>
    tasks === "2025-11-25" && revisionHasTasks(servedRevision(protocol, context));
  protocol.setRequestHandler("tools/list", async (_request, context) => {
    await catalog.ready();
    const listing = offersTasks(context) ? catalog.taskListing : catalog.listing;
    if (!conformance) return listing;
    return { tools: [...listing.tools, ...(await conformance()).map((tool) => tool.listing)] };
  });
  protocol.setRequestHandler("tools/call", async (request, context) => {
    await catalog.ready();
    const tool = catalog.find(request.params.name);
    const testTool =
      !tool && conformance
        ? (await conformance()).find((candidate) => candidate.listing.name === request.params.name)
        : undefined;
    if (testTool) return testTool.call(context);
    if (!tool) throw unknownTool(catalog, request.params.name);
    let input: unknown = request.params.arguments ?? {};
    // A costly call is confirmed first, before it runs or starts as a task (cost-question.ts).
    if (confirmsCost(tool.name)) {
      const step = await confirmCost(
        application,
        callerOf(context),
        tool.name,
        input,
        protocol,
        context,
        log,
      );
      if ("result" in step) return step.result;
      input = step.input;
    }
    const task = (request.params as { task?: { ttl?: unknown } }).task;
    // On 2026-07-28 the server decides: a tool that asks models runs as a task for a client that accepts one.
    const extensionTask = tasks === "extension" && tool.taskSupport === "optional" && acceptsTasks(context);
    if ((task && offersTasks(context)) || extensionTask) {
      if (tool.taskSupport !== "optional") {
        throw new ProtocolError(
          ProtocolErrorCode.InvalidParams,
          `${catalog.listedName(tool)} is quick and cannot run as a task; call it without "task".`,
        );
      }
      const started = await startToolTask(application, tool, input, task?.ttl, protocol, context, log);
      return (
        extensionTask ? createTaskResult(started) : { content: [], task: taskOnWire(started) }
      ) as never;
    }
    const reporter = progressReporter(context);
    let result: ReturnType<typeof toolSuccess>;
    try {
      const value = await tool.call(application, callerOf(context), input, {
        signal: context.mcpReq.signal,
        onEvent: reporter.onEvent,
        stream: reporter.streams,
        // The application decides the answer-by time from who calls (application/answer-by.ts).
        client: { via: "mcp", ...clientInfoOf(protocol, context), takesProgress: reporter.takesProgress },
      });
      result = toolSuccess(value, tool.text(value));
    } catch (error) {
      result = toolFailure(error, log);
    } finally {
      reporter.stop();
    }
    return protocol.projectCallToolResult(result, tool.outputSchema);
  });
}

/** The error of a call of a tool not in `catalog`, naming the tools there are. */
function unknownTool(catalog: ToolCatalog, name: string): ProtocolError {
  const names = catalog.tools.map((known) => catalog.listedName(known)).join(", ");
  return new ProtocolError(
    ProtocolErrorCode.InvalidParams,
    `Unknown tool "${name.slice(0, 100)}". Tools: ${names}.`,
  );
}

/** Starts `tool` as a task of the caller, kept `ttl` (as the client asked); the task as stored. */
async function startToolTask(
  application: Application,
  tool: ToolCatalog["tools"][number],
  input: unknown,
  ttl: unknown,
  protocol: McpServer["server"],
  context: ServerContext,
  log: (message: string) => void,
) {
  const caller = callerOf(context);
  const run = async (signal: AbortSignal, counted: typeof caller) => {
    let result: ReturnType<typeof toolSuccess>;
    try {
      const value = await tool.call(application, counted, input, { signal });
      result = toolSuccess(value, tool.text(value));
    } catch (error) {
      result = toolFailure(error, log);
    }
    return protocol.projectCallToolResult(result, tool.outputSchema) as Record<string, unknown>;
  };
  return application.startTask(caller, { tool: tool.name, ttl }, run).catch((error: unknown) => {
    throw error instanceof ServiceError ? taskError(error) : error;
  });
}

/**
 * The client's name and version: from `initialize` on the 2025 revisions, from the request's client-info
 * metadata on 2026-07-28, which has no `initialize`.
 */
function clientInfoOf(
  protocol: McpServer["server"],
  context: ServerContext,
): { name?: string; version?: string } {
  const meta = context.mcpReq._meta as Record<string, unknown> | undefined;
  const sent = meta?.["io.modelcontextprotocol/clientInfo"] as
    | { name?: unknown; version?: unknown }
    | undefined;
  const info: { name?: unknown; version?: unknown } = protocol.getClientVersion() ?? sent ?? {};
  return {
    ...(typeof info.name === "string" ? { name: info.name } : {}),
    ...(typeof info.version === "string" ? { version: info.version } : {}),
  };
}
