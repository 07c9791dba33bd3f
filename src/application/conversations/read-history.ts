// One page of a conversation's messages, oldest first, keyset-paged: a page at the end of a long
// conversation costs the same as the first.

import { findConversation } from "../../consultation/turn/find-conversation.ts";
import { defaultHistoryPageSize } from "../../contract/inputs.ts";
import type { Message, Store } from "../../store/store.ts";
import { decodeHistoryCursor, encodeHistoryCursor } from "./history-cursor.ts";
import type { CursorCodec } from "./paging.ts";

/** The result of `conversation.get-history`, in the seed schema's shape. */
export interface HistoryResult {
  history: {
    conversationId: string;
    title: string | null;
    messages: Message[];
    hasMore: boolean;
    nextCursor: string | null;
    messageCount: number;
  };
}

/** Reads one page of the owner's conversation. Throws ServiceError for an unknown id or a bad cursor. */
export async function readHistory(
  store: Store,
  cursors: CursorCodec,
  owner: string,
  request: { conversationId: string; limit?: number | undefined; cursor?: string | undefined },
): Promise<HistoryResult> {
  const conversation = await findConversation(store, owner, request.conversationId);
  const afterSequence = request.cursor
    ? decodeHistoryCursor(cursors, request.cursor, conversation.id).afterSequence
    : 0;
  const limit = request.limit ?? defaultHistoryPageSize;
  const page = await store.readMessages(owner, conversation.id, { afterSequence, limit });
  const last = page.messages.at(-1);
  return {
    history: {
      conversationId: conversation.id,
      title: conversation.title,
      messages: page.messages,
      hasMore: page.hasMore,
      nextCursor: page.hasMore && last ? encodeHistoryCursor(cursors, conversation.id, last.sequence) : null,
      messageCount: conversation.messageCount,
    },
  };
}
