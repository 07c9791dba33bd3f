// `conversation.get-history`: one page of a conversation's messages, oldest first, keyset-paged.

import { limits } from "../configuration/configuration.ts";
import { ConsultationError } from "../consultation/consultation-error.ts";
import { loadConversation } from "../consultation/load-conversation.ts";
import type { MessageRecord, Store } from "../store/store.ts";
import { decodeHistoryCursor, encodeHistoryCursor } from "./history-cursor.ts";
import { pageLimit } from "./paging.ts";

/** Messages returned when no limit is given. */
export const defaultHistoryPageSize = 50;

/** The result of `conversation.get-history`, in the seed schema's shape. */
export interface HistoryResult {
  history: {
    conversationId: string;
    title: string | null;
    messages: MessageRecord[];
    hasMore: boolean;
    nextCursor: string | null;
    messageCount: number;
  };
}

/** Reads one page. Throws ConsultationError for a malformed or unknown id, or a bad cursor. */
export async function readHistory(
  request: { conversationId: string; limit?: number; cursor?: string; userId: string | null },
  store: Store,
): Promise<HistoryResult> {
  const limit = pageLimit(request.limit, defaultHistoryPageSize, limits.historyPageSize);
  const conversation = await loadConversation(request.conversationId, request.userId, store);
  if (!conversation) throw new ConsultationError("invalid_argument", "conversationId is required.");
  const afterSequence = request.cursor
    ? decodeHistoryCursor(request.cursor, conversation.id).afterSequence
    : 0;
  const page = await store.readMessages(conversation.id, { afterSequence, limit });
  const last = page.messages[page.messages.length - 1];
  return {
    history: {
      conversationId: conversation.id,
      title: conversation.title,
      messages: page.messages,
      hasMore: page.hasMore,
      nextCursor: page.hasMore && last ? encodeHistoryCursor(conversation.id, last.sequence) : null,
      messageCount: conversation.messageCount,
    },
  };
}
