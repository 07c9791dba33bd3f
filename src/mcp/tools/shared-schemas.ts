// Zod schemas shared by several tools: stored messages, conversation summaries, common inputs.

import { z } from "zod";
import { limits } from "../../configuration/configuration.ts";

/** A stored message, as every conversation tool returns it. */
export const storedMessage = z.object({
  id: z.string().min(1),
  conversationId: z.string().min(1),
  role: z.enum(["user", "assistant", "system"]),
  content: z.string(),
  userId: z.string().nullable(),
  sequence: z.number().int().min(1),
  createdAt: z.string(),
  metadata: z.record(z.string(), z.unknown()),
});

/** One conversation in a listing. */
export const conversationSummary = z.object({
  id: z.string().min(1),
  title: z.string().nullable(),
  messageCount: z.number().int().min(0),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastMessagePreview: z.string().nullable(),
});

/** Limits shared by the writing tools' inputs. */
export const conversationIdInput = z.string().min(1).max(100);

/** The optional idempotency key of the writing tools. */
export const idempotencyKeyInput = z
  .string()
  .min(1)
  .max(limits.idempotencyKeyCharacters)
  .describe(
    "Any unique string (e.g. a UUID) for this request. A retry with the same key returns the first result without asking the models again.",
  );

/** The optional title of the writing tools. */
export const titleInput = z
  .string()
  .trim()
  .min(1)
  .max(limits.titleCharacters)
  .describe(
    "Title of a new conversation, or a new title for the one being continued. Default: the first question.",
  );
