// Conversations as MCP resources: `conversation://{id}`, listable, whose content is the conversation
// in Markdown, so a client can attach one to a prompt.

import { type McpServer, ResourceNotFoundError, ResourceTemplate } from "@modelcontextprotocol/server";
import { ConsultationError } from "../consultation/consultation-error.ts";
import { loadConversation } from "../consultation/load-conversation.ts";
import { conversationMarkdown, exportConversation } from "../conversations/conversation-export.ts";
import type { Services } from "../runtime/services.ts";
import { callerOf } from "./caller.ts";

/** Most conversations a resource listing shows (the newest). */
export const resourceListSize = 200;

/** Registers the resource template on `server`. */
export function registerConversationResources(server: McpServer, services: Services): void {
  const template = new ResourceTemplate("conversation://{id}", {
    list: async (context) => {
      const page = await services.store.listConversations(callerOf(context), { limit: resourceListSize });
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
      const id = String(variables.id ?? "");
      try {
        const conversation = await loadConversation(id, callerOf(context), services.store);
        if (!conversation) throw new ResourceNotFoundError(uri.href);
        const text = conversationMarkdown(await exportConversation(conversation, services.store));
        return { contents: [{ uri: uri.href, mimeType: "text/markdown", text }] };
      } catch (error) {
        if (error instanceof ConsultationError) throw new ResourceNotFoundError(uri.href);
        throw error;
      }
    },
  );
}
