// The `agent.second_opinion` tool: several models answer one question at once, one writes a synthesis.

import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { limits } from "../../configuration/configuration.ts";
import { consultSecondOpinion } from "../../consultation/consult.ts";
import type { Services } from "../../runtime/services.ts";
import { callerOf } from "../caller.ts";
import { outputSchemas } from "../output-schemas.ts";
import { progressReporter } from "../progress-reporter.ts";
import { respond } from "../tool-result.ts";
import { idempotencyKeyInput, titleInput } from "./shared-schemas.ts";

const modelName = z.string().min(1).max(100);

/** Input schema of `agent.second_opinion`. */
export const secondOpinionInput = z.object({
  question: z
    .string()
    .min(1)
    .max(limits.questionCharacters)
    .describe(
      `The question, with all the context the models need (at most ${limits.questionCharacters} characters).`,
    ),
  primaryModel: modelName
    .optional()
    .describe('Short name of the primary model, e.g. "claude". Default: the first available.'),
  secondaryModels: z
    .array(modelName)
    .max(limits.maxOpinions)
    .optional()
    .describe("Short names of the secondary models. Default: available models from other vendors."),
  maxOpinions: z
    .number()
    .int()
    .min(0)
    .max(limits.maxOpinions)
    .optional()
    .describe(
      `How many secondary opinions (0 = primary only, no synthesis). Default 3, at most ${limits.maxOpinions}.`,
    ),
  synthesisModel: modelName
    .optional()
    .describe("Short name of the model that writes the synthesis. Default: the primary."),
  conversationId: z
    .string()
    .max(100)
    .optional()
    .describe("Continue this conversation (its earlier turns become context). Omit to start a new one."),
  title: titleInput.optional(),
  idempotencyKey: idempotencyKeyInput.optional(),
});

/** Registers the tool on `server`. */
export function registerSecondOpinionTool(server: McpServer, services: Services): void {
  const models = services.roster.available.map((entry) => entry.name).join(", ");
  server.registerTool(
    "agent.second_opinion",
    {
      title: "Second opinion from several models",
      description: [
        "Ask one question to several LLMs from different vendors at once and get a synthesis of where they agree and differ,",
        "with per-model answers, tokens, latency, cost and citations. Use it for decisions, reviews and facts worth",
        "cross-checking; not for trivial questions. It takes as long as the slowest model plus the synthesis,",
        "typically 10-60 s (progress is reported). The exchange is saved as a conversation: pass conversationId to follow up.",
        `Available models: ${models}.`,
      ].join(" "),
      inputSchema: secondOpinionInput,
      outputSchema: outputSchemas.secondOpinion,
      annotations: { readOnlyHint: false, openWorldHint: true, idempotentHint: false },
    },
    (input, context) => {
      return respond(() =>
        consultSecondOpinion({ ...input, userId: callerOf(context) }, services, {
          signal: context.mcpReq.signal,
          onEvent: progressReporter(context),
        }),
      );
    },
  );
}
