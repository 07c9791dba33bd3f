// A conversation's stored messages and summaries as the use cases return them, and what a turn says
// about its own storage. Shared by the consultation results and the conversation use cases.

import { z } from "zod";
import { secondOpinion } from "./opinions.ts";

/** Whether a turn's two messages were stored; when not, `error` says why (the answer is returned anyway). */
export const persistenceStatus = z
  .object({
    userMessageSaved: z.boolean(),
    assistantMessageSaved: z.boolean(),
    userMessageId: z.string().nullable(),
    assistantMessageId: z.string().nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: "persistenceStatus" });
export type PersistenceStatus = z.infer<typeof persistenceStatus>;

/** A file attached to a question, its content in base64. */
export const attachedFile = z.object({
  name: z.string(),
  mediaType: z.string(),
  /** The file's bytes, base64-encoded. */
  data: z.string(),
});
export type AttachedFile = z.infer<typeof attachedFile>;

/** A file attached to a question, as its message keeps it. */
export const storedAttachment = attachedFile.extend({
  /** Decoded size. */
  bytes: z.number().int().min(0),
});
export type StoredAttachment = z.infer<typeof storedAttachment>;

/**
 * What a message carries besides its text: a second opinion's every model (on its answer), the files
 * asked about (on a question), a single model's usage (on its reply), and room for more.
 */
export const messageMetadata = z
  .object({
    secondOpinion: secondOpinion.optional(),
    attachments: z.array(storedAttachment).optional(),
  })
  .catchall(z.unknown());
export type MessageMetadata = z.infer<typeof messageMetadata>;

/** Roles a stored message can have. */
export const messageRole = z.enum(["user", "assistant", "system"]);
export type MessageRole = z.infer<typeof messageRole>;

/** A message as stored. `sequence` starts at 1 and has no gaps within a conversation; times are ISO-8601. */
export const storedMessage = z
  .object({
    id: z.string().min(1),
    conversationId: z.string().min(1),
    role: messageRole,
    content: z.string(),
    /** The conversation's owner. */
    userId: z.string(),
    sequence: z.number().int().min(1),
    createdAt: z.string(),
    metadata: messageMetadata,
  })
  .meta({ id: "conversationMessage" });
export type StoredMessage = z.infer<typeof storedMessage>;

/** One conversation in a listing. */
export const conversationSummary = z.object({
  id: z.string().min(1),
  title: z.string().nullable(),
  messageCount: z.number().int().min(0),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Content of the newest message, cut to a short preview; null when the conversation is empty. */
  lastMessagePreview: z.string().nullable(),
});
export type ConversationSummary = z.infer<typeof conversationSummary>;

/**
 * A message read from the store, typed as the contract shows it: the store keeps metadata as JSON,
 * which this program writes only in the shapes of {@link messageMetadata}.
 */
export function contractMessage(
  message: Omit<StoredMessage, "metadata"> & { metadata: Record<string, unknown> },
): StoredMessage {
  return message as StoredMessage;
}
