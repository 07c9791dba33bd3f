// The `conversation.send-message` tool: one turn with a single model, stored and returned whole.

import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { limits } from "../../configuration/configuration.ts";
import { sendMessage } from "../../consultation/send-message.ts";
import type { Services } from "../../runtime/services.ts";
import { callerOf } from "../caller.ts";
import { progressReporter } from "../progress-reporter.ts";
import { respond } from "../tool-result.ts";
import { conversationIdInput, idempotencyKeyInput, storedMessage, titleInput } from "./shared-schemas.ts";

/** Input schema of `conversation.send-message`. */
export const sendMessageInput = z.object({
  content: z.string().min(1).max(limits.questionCharacters).describe("The message to send."),
  conversationId: conversationIdInput
    .optional()
    .describe("Continue this conversation; omit to start a new one."),
  model: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .describe("Short name of the model to ask. Default: the default primary."),
  title: titleInput.optional(),
  idempotencyKey: idempotencyKeyInput.optional(),
});

/** Output schema of `conversation.send-message`. */
export const sendMessageOutput = z.object({
  conversationId: z.string().min(1),
  conversationCreated: z.boolean(),
  conversationTitle: z.string().nullable(),
  userMessage: storedMessage,
  assistantMessage: storedMessage,
});

/** Registers the tool on `server`. */
export function registerSendMessageTool(server: McpServer, services: Services): void {
  server.registerTool(
    "conversation.send-message",
    {
      title: "Send a message to one model",
      description:
        "Continue a conversation (or start one) with a single model: cheaper and faster than agent.second_opinion. " +
        "Earlier turns, including second opinions, are the model's context. Returns both stored messages, with the " +
        "model, tokens, latency and cost in the assistant message's metadata. Takes as long as one model call.",
      inputSchema: sendMessageInput,
      outputSchema: sendMessageOutput,
      annotations: { readOnlyHint: false, openWorldHint: true, idempotentHint: false },
    },
    (input, context) => {
      return respond(() =>
        sendMessage({ ...input, userId: callerOf(context) }, services, {
          signal: context.mcpReq.signal,
          onEvent: progressReporter(context),
        }),
      );
    },
  );
}
