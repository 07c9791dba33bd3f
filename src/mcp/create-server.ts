// The one server factory: builds an MCP server with every tool. stdio and HTTP only wrap it.

import { McpServer } from "@modelcontextprotocol/server";
import type { Services } from "../runtime/services.ts";
import { registerConversationResources } from "./conversation-resources.ts";
import { registerDeleteConversationTool } from "./tools/delete-conversation-tool.ts";
import { registerGetHistoryTool } from "./tools/get-history-tool.ts";
import { registerListConversationsTool } from "./tools/list-conversations-tool.ts";
import { registerSecondOpinionTool } from "./tools/second-opinion-tool.ts";
import { registerSendMessageTool } from "./tools/send-message-tool.ts";

/** Creates a server instance; cheap enough to build per HTTP request. */
export function createMcpServer(services: Services): McpServer {
  const server = new McpServer(
    { name: "ai-universe", title: "AI Universe", version: services.version },
    {
      capabilities: { tools: {}, resources: {} },
      instructions:
        "Use agent.second_opinion to put one question to several LLMs and get a synthesis; " +
        "conversation.send-message to continue with one model; conversation.get-history, conversation.list " +
        "and the conversation://{id} resources to find and read saved conversations.",
    },
  );
  registerSecondOpinionTool(server, services);
  registerSendMessageTool(server, services);
  registerGetHistoryTool(server, services);
  registerListConversationsTool(server, services);
  registerDeleteConversationTool(server, services);
  registerConversationResources(server, services);
  return server;
}
