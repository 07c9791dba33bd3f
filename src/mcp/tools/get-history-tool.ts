// The `conversation.get-history` tool: a conversation's messages, oldest first, one page at a time.

import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { limits } from "../../configuration/configuration.ts";
import { defaultHistoryPageSize, readHistory } from "../../conversations/read-history.ts";
import type { Services } from "../../runtime/services.ts";
import { callerOf } from "../caller.ts";
import { outputSchemas } from "../output-schemas.ts";
import { respond } from "../tool-result.ts";

/** Input schema of `conversation.get-history`. */
export const historyInput = z.object({
  conversationId: z
    .string()
    .min(1)
    .max(100)
    .describe("The conversation, as returned by agent.second_opinion."),
  limit: z
    .number()
    .int()
    .min(1)
    .max(limits.historyPageSize)
    .optional()
    .describe(`Messages per page (default ${defaultHistoryPageSize}, at most ${limits.historyPageSize}).`),
  cursor: z
    .string()
    .max(500)
    .optional()
    .describe("nextCursor of the previous page; omit for the first page."),
});

/** Registers the tool on `server`. */
export function registerGetHistoryTool(server: McpServer, services: Services): void {
  server.registerTool(
    "conversation.get-history",
    {
      title: "Read a conversation's history",
      description:
        "Read the messages of a conversation, oldest first, one page at a time (hasMore / nextCursor). " +
        "Assistant messages of a second opinion carry every model's answer in metadata.secondOpinion. Fast: no model is called.",
      inputSchema: historyInput,
      outputSchema: outputSchemas.history,
      annotations: { readOnlyHint: true, openWorldHint: false, idempotentHint: true },
    },
    (input, context) => {
      return respond(() => readHistory({ ...input, userId: callerOf(context) }, services.store));
    },
  );
}
