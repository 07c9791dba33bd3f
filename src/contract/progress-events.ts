// Progress of a consultation as it happens, in the order it happens: MCP sends each event in a
// progress notification's `_meta`, the web page's stream as a `progress` event, and the terminal
// draws its board from them. `failure` says why a model failed.

import { z } from "zod";

const opinionRole = z.enum(["primary", "secondary"]);

/** One progress event, told apart by `type`. */
export const consultationEvent = z.discriminatedUnion("type", [
  z.object({ type: z.literal("consultation-started"), models: z.array(z.string()), synthesis: z.boolean() }),
  z.object({ type: z.literal("model-started"), model: z.string(), role: opinionRole }),
  z.object({
    type: z.literal("model-retrying"),
    model: z.string(),
    attempt: z.number().int(),
    delayMs: z.number(),
    reason: z.string(),
  }),
  z.object({
    type: z.literal("model-finished"),
    model: z.string(),
    role: opinionRole,
    error: z.boolean(),
    latencyMs: z.number(),
    tokensUsed: z.number().optional(),
    cost: z.number().optional(),
    failure: z.string().optional(),
  }),
  z.object({
    type: z.literal("model-text"),
    model: z.string(),
    stage: z.enum(["opinion", "revision", "synthesis"]),
    /** Text added since the last event for this model and stage. */
    delta: z.string(),
  }),
  /** An adaptive consultation's first two models did not settle it: `models` are asked now, and why. */
  z.object({
    type: z.literal("adaptive-escalated"),
    models: z.array(z.string()),
    reason: z.string(),
    agreement: z.number().optional(),
  }),
  z.object({ type: z.literal("round-started"), round: z.number().int(), models: z.array(z.string()) }),
  z.object({ type: z.literal("review-started"), reviewers: z.array(z.string()) }),
  z.object({
    type: z.literal("review-finished"),
    reviewer: z.string(),
    error: z.boolean(),
    failure: z.string().optional(),
  }),
  z.object({ type: z.literal("synthesis-started"), model: z.string() }),
  z.object({
    type: z.literal("synthesis-finished"),
    model: z.string(),
    error: z.boolean(),
    failure: z.string().optional(),
  }),
]);

/** Progress of a consultation, as it happens. */
export type ConsultationEvent = z.infer<typeof consultationEvent>;

/** The `_meta` key of an MCP progress notification that carries the consultation event it reports. */
export const progressEventKey = "ai-universe/event";

/**
 * The `_meta` key a tool call sets to `true` to have each model's text as it forms (`model-text` events)
 * in its progress. A progress token alone gets each model's start and finish and a heartbeat: streaming
 * every answer token by token costs a consultation about four times the CPU, for text only a client that
 * reads `progressEventKey` (the ai-universe terminal) shows.
 */
export const streamTextKey = "ai-universe/stream-text";
