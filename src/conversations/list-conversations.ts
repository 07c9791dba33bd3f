// `conversation.list`: the caller's conversations, most recently updated first, keyset-paged on
// (updatedAt, id) so pages stay stable while new conversations arrive.

import { limits } from "../configuration/configuration.ts";
import type { ConversationRecord, Store } from "../store/store.ts";
import { decodeCursor, encodeCursor, pageLimit } from "./paging.ts";

/** Conversations returned when no limit is given. */
export const defaultListPageSize = 50;

/** One conversation in a listing. */
export type ConversationSummary = Omit<ConversationRecord, "userId">;

/** The result of `conversation.list`. */
export interface ConversationListResult {
  conversations: ConversationSummary[];
  hasMore: boolean;
  nextCursor: string | null;
}

interface ListPosition {
  u: string;
  i: string;
}

/** Lists one page of the caller's conversations. */
export async function listConversations(
  request: { userId: string | null; limit?: number; cursor?: string },
  store: Store,
): Promise<ConversationListResult> {
  const limit = pageLimit(request.limit, defaultListPageSize, limits.listPageSize);
  const after = request.cursor
    ? decodeCursor<ListPosition>(
        request.cursor,
        (value): value is ListPosition & Record<string, unknown> =>
          typeof value.u === "string" && !Number.isNaN(Date.parse(value.u)) && typeof value.i === "string",
      )
    : undefined;
  const page = await store.listConversations(request.userId, {
    limit,
    ...(after ? { after: { updatedAt: after.u, id: after.i } } : {}),
  });
  const last = page.conversations.at(-1);
  return {
    conversations: page.conversations.map(({ userId: _userId, ...summary }) => summary),
    hasMore: page.hasMore,
    nextCursor: page.hasMore && last ? encodeCursor({ u: last.updatedAt, i: last.id }) : null,
  };
}
