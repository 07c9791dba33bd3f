// Conversations as MCP resources: `conversation://{id}`, listable, whose content is the conversation
// in Markdown, so a client can attach one to a prompt. A read that fails is the JSON-RPC error of its
// code (error-table.ts): a conversation that is not the caller's is MCP's "resource not found".

import { type McpServer, ResourceTemplate } from "@modelcontextprotocol/server";
import type { Application } from "../application/index.ts";
import { ServiceError } from "../contract/service-error.ts";
import { callerOf } from "./caller.ts";
import { protocolError } from "./tool-result.ts";

/** Most conversations a resource listing shows (the newest). */
export const resourceListSize = 200;

/** Registers the resource template on `server`. */
export function registerConversationResources(server: McpServer, application: Application): void {
  const template = new ResourceTemplate("conversation://{id}", {
    list: async (context) => {
      const page = await application.listConversations(callerOf(context), { limit: resourceListSize });
      return {
        resources: page.conversations.map((conversation) => ({
          uri: `conversation://${conversation.id}`,
          name: conversation.title || conversation.id,
          description: `${conversation.messageCount} messages, last updated ${conversation.updatedAt}`,
          mimeType: "text/markdown",
        })),
      };
    },
  });
  server.registerResource(
    "conversation",
    template,
    {
      title: "Conversation",
      description: "A saved conversation in Markdown: every question, answer, model opinion and source.",
      mimeType: "text/markdown",
    },
    async (uri, variables, context) => {
      try {
        const text = await application.readConversationMarkdown(callerOf(context), {
          conversationId: String(variables.id ?? ""),
        });
        return { contents: [{ uri: uri.href, mimeType: "text/markdown", text }] };
      } catch (error) {
        if (error instanceof ServiceError) throw protocolError(error);
        throw error;
      }
    },
  );
}
