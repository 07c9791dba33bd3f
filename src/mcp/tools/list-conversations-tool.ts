// The `conversation.list` tool: the caller's conversations, most recently updated first.

import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { limits } from "../../configuration/configuration.ts";
import { defaultListPageSize, listConversations } from "../../conversations/list-conversations.ts";
import type { Services } from "../../runtime/services.ts";
import { callerOf } from "../caller.ts";
import { respond } from "../tool-result.ts";
import { conversationSummary } from "./shared-schemas.ts";

/** Input schema of `conversation.list`. */
export const listInput = z.object({
  limit: z
    .number()
    .int()
    .min(1)
    .max(limits.listPageSize)
    .optional()
    .describe(`Conversations per page (default ${defaultListPageSize}, at most ${limits.listPageSize}).`),
  cursor: z
    .string()
    .max(500)
    .optional()
    .describe("nextCursor of the previous page; omit for the first page."),
});

/** Output schema of `conversation.list`. */
export const listOutput = z.object({
  conversations: z.array(conversationSummary),
  hasMore: z.boolean(),
  nextCursor: z.string().nullable(),
});

/** Registers the tool on `server`. */
export function registerListConversationsTool(server: McpServer, services: Services): void {
  server.registerTool(
    "conversation.list",
    {
      title: "List conversations",
      description:
        "List your saved conversations, most recently updated first, with title, message count, times and a preview " +
        "of the last message. Page with limit / nextCursor. Fast: no model is called.",
      inputSchema: listInput,
      outputSchema: listOutput,
      annotations: { readOnlyHint: true, openWorldHint: false, idempotentHint: true },
    },
    (input, context) => {
      return respond(() => listConversations({ ...input, userId: callerOf(context) }, services.store));
    },
  );
}
