// `tools/list` and `tools/call` for one server instance. Calls accept both spellings of every tool
// name; the input goes to the application unvalidated, so its schema (and its invalid_argument error)
// is the only rule; the result is projected through the SDK's codec for the negotiated revision.

import { type McpServer, ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import type { AiUniverse } from "../application/ai-universe.ts";
import { callerOf } from "./caller.ts";
import { progressReporter } from "./progress-reporter.ts";
import type { ToolCatalog } from "./tool-catalog.ts";
import { toolFailure, toolSuccess } from "./tool-result.ts";

/** Installs the tool handlers of `catalog` on `server`. */
export function installToolHandlers(
  server: McpServer,
  catalog: ToolCatalog,
  universe: AiUniverse,
  log: (message: string) => void,
): void {
  const protocol = server.server;
  protocol.setRequestHandler("tools/list", () => catalog.listing);
  protocol.setRequestHandler("tools/call", async (request, context) => {
    const tool = catalog.find(request.params.name);
    if (!tool) {
      const names = catalog.tools.map((known) => catalog.listedName(known)).join(", ");
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Unknown tool "${request.params.name.slice(0, 100)}". Tools: ${names}.`,
      );
    }
    const reporter = progressReporter(context);
    let result: ReturnType<typeof toolSuccess>;
    try {
      const value = await tool.call(universe, callerOf(context), request.params.arguments ?? {}, {
        signal: context.mcpReq.signal,
        onEvent: reporter.onEvent,
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
