// The owner's conversations, most recently updated first, keyset-paged on (updatedAt, id) so pages
// stay stable while new conversations arrive.

import type { ConversationListResult } from "../../contract/conversations.ts";
import { defaultListPageSize } from "../../contract/inputs.ts";
import type { OwnerConversations } from "../../store/conversations.ts";
import type { CursorCodec } from "./paging.ts";

interface ListPosition {
  u: string;
  i: string;
}

/** Lists one page of the owner's conversations. Throws invalid_argument for a bad cursor. */
export async function listConversations(
  conversations: OwnerConversations,
  cursors: CursorCodec,
  request: { limit?: number | undefined; cursor?: string | undefined },
): Promise<ConversationListResult> {
  const limit = request.limit ?? defaultListPageSize;
  const after = request.cursor
    ? cursors.decode<ListPosition>(
        request.cursor,
        (value): value is ListPosition & Record<string, unknown> =>
          typeof value.u === "string" && !Number.isNaN(Date.parse(value.u)) && typeof value.i === "string",
      )
    : undefined;
  const page = await conversations.list({
    limit,
    ...(after ? { after: { updatedAt: after.u, id: after.i } } : {}),
  });
  const last = page.conversations.at(-1);
  return {
    conversations: page.conversations.map(({ userId: _userId, ...summary }) => summary),
    hasMore: page.hasMore,
    nextCursor: page.hasMore && last ? cursors.encode({ u: last.updatedAt, i: last.id }) : null,
  };
}
