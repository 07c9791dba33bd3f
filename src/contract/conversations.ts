// Results of the use cases on saved conversations: a page of history, a page of the list, search hits
// and a deletion. Renaming answers the renamed conversation's summary (messages.ts).

import { z } from "zod";
import { conversationSummary, messageRole, storedMessage } from "./messages.ts";

/** The result of `conversation.get-history`, in the seed schema's shape: one page, oldest first. */
export const historyResult = z.object({
  history: z.object({
    conversationId: z.string().min(1),
    title: z.string().nullable(),
    messages: z.array(storedMessage),
    hasMore: z.boolean(),
    /** Pass it as `cursor` for the next page; null on the last page. */
    nextCursor: z.string().nullable(),
    messageCount: z.number().int().min(0),
  }),
});
export type HistoryResult = z.infer<typeof historyResult>;

/** The result of `conversation.list`: most recently updated first. */
export const conversationListResult = z.object({
  conversations: z.array(conversationSummary),
  hasMore: z.boolean(),
  nextCursor: z.string().nullable(),
});
export type ConversationListResult = z.infer<typeof conversationListResult>;

/** A conversation found by a search: its best-matching message, the words found marked `**like this**`. */
export const searchHit = z.object({
  conversationId: z.string().min(1),
  title: z.string().nullable(),
  updatedAt: z.string(),
  messageId: z.string().min(1),
  role: messageRole,
  snippet: z.string(),
  /** Higher is better. */
  score: z.number(),
});
export type SearchHit = z.infer<typeof searchHit>;

/** The result of `conversation.search`: best match first, one hit per conversation. */
export const searchResult = z.object({ query: z.string(), results: z.array(searchHit) });
export type SearchResult = z.infer<typeof searchResult>;

/** The result of `conversation.delete`. */
export const deleteResult = z.object({
  conversationId: z.string().min(1),
  deleted: z.literal(true),
  messagesDeleted: z.number().int().min(0),
});
export type DeleteResult = z.infer<typeof deleteResult>;

/** A whole conversation with every message, oldest first (`ai-universe export --format json`). */
export const conversationExport = z.object({
  conversation: conversationSummary.extend({
    /** The owner: a verified user id, or "local". */
    userId: z.string(),
  }),
  messages: z.array(storedMessage),
});
export type ConversationExport = z.infer<typeof conversationExport>;

/** The result of renaming a conversation: its summary under the new title. */
export const renameResult = conversationSummary;
export type RenameResult = z.infer<typeof renameResult>;
