// One page of a conversation's messages, oldest first, keyset-paged: a page at the end of a long
// conversation costs the same as the first, and `latest` reads that last page at once (sequences run
// from 1 without gaps, so it starts after messageCount - limit).

import type { HistoryResult } from "../../contract/conversations.ts";
import { defaultHistoryPageSize } from "../../contract/inputs.ts";
import { contractMessage } from "../../contract/messages.ts";
import { ServiceError } from "../../contract/service-error.ts";
import type { OwnerConversations } from "../../store/conversations.ts";
import { findConversation } from "./find-conversation.ts";
import { decodeHistoryCursor, encodeHistoryCursor } from "./history-cursor.ts";
import type { CursorCodec } from "./paging.ts";

/** Reads one page of the owner's conversation. Throws ServiceError for an unknown id or a bad cursor. */
export async function readHistory(
  conversations: OwnerConversations,
  cursors: CursorCodec,
  request: {
    conversationId: string;
    limit?: number | undefined;
    cursor?: string | undefined;
    latest?: boolean | undefined;
  },
): Promise<HistoryResult> {
  if (request.latest && request.cursor) {
    throw new ServiceError("invalid_argument", "Give either cursor or latest, not both.");
  }
  const conversation = await findConversation(conversations, request.conversationId);
  const limit = request.limit ?? defaultHistoryPageSize;
  const afterSequence = request.cursor
    ? decodeHistoryCursor(cursors, request.cursor, conversation.id).afterSequence
    : request.latest
      ? Math.max(0, conversation.messageCount - limit)
      : 0;
  const page = await conversations.readMessages(conversation.id, { afterSequence, limit });
  const last = page.messages.at(-1);
  return {
    history: {
      conversationId: conversation.id,
      title: conversation.title,
      messages: page.messages.map(contractMessage),
      hasMore: page.hasMore,
      nextCursor: page.hasMore && last ? encodeHistoryCursor(cursors, conversation.id, last.sequence) : null,
      messageCount: conversation.messageCount,
    },
  };
}
