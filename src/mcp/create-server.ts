// The one server factory: builds an MCP server with every tool. stdio and HTTP only wrap it.

import { McpServer } from "@modelcontextprotocol/server";
import type { Services } from "../runtime/services.ts";
import { registerGetHistoryTool } from "./tools/get-history-tool.ts";
import { registerSecondOpinionTool } from "./tools/second-opinion-tool.ts";

/** Creates a server instance; cheap enough to build per HTTP request. */
export function createMcpServer(services: Services): McpServer {
  const server = new McpServer(
    { name: "ai-universe", title: "AI Universe", version: services.version },
    {
      capabilities: { tools: {} },
      instructions:
        "Use agent.second_opinion to put one question to several LLMs and get a synthesis; " +
        "use conversation.get-history to read a saved consultation.",
    },
  );
  registerSecondOpinionTool(server, services);
  registerGetHistoryTool(server, services);
  return server;
}
