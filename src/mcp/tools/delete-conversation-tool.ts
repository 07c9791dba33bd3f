// The `conversation.delete` tool: removes a conversation and all its messages.

import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { deleteConversation } from "../../conversations/delete-conversation.ts";
import type { Services } from "../../runtime/services.ts";
import { callerOf } from "../caller.ts";
import { respond } from "../tool-result.ts";
import { conversationIdInput } from "./shared-schemas.ts";

/** Input schema of `conversation.delete`. */
export const deleteInput = z.object({
  conversationId: conversationIdInput.describe("The conversation to delete, with all its messages."),
});

/** Output schema of `conversation.delete`. */
export const deleteOutput = z.object({
  conversationId: z.string().min(1),
  deleted: z.literal(true),
  messagesDeleted: z.number().int().min(0),
});

/** Registers the tool on `server`. */
export function registerDeleteConversationTool(server: McpServer, services: Services): void {
  server.registerTool(
    "conversation.delete",
    {
      title: "Delete a conversation",
      description: "Permanently delete one of your conversations and all its messages. Cannot be undone.",
      inputSchema: deleteInput,
      outputSchema: deleteOutput,
      annotations: {
        readOnlyHint: false,
        destructiveHint: true,
        openWorldHint: false,
        idempotentHint: false,
      },
    },
    (input, context) => {
      return respond(() => deleteConversation({ ...input, userId: callerOf(context) }, services.store));
    },
  );
}
