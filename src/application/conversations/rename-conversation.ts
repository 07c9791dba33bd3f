// Renaming a conversation of the owner.

import { findConversation } from "../../consultation/turn/find-conversation.ts";
import type { Store } from "../../store/store.ts";
import type { ConversationSummary } from "./list-conversations.ts";

/** Gives the owner's conversation `title`. Throws ServiceError for an unknown, foreign or malformed id. */
export async function renameConversation(
  store: Store,
  owner: string,
  request: { conversationId: string; title: string },
): Promise<ConversationSummary> {
  const conversation = await findConversation(store, owner, request.conversationId);
  const renamed = (await store.renameConversation(owner, conversation.id, request.title)) ?? conversation;
  const { userId: _owner, ...summary } = renamed;
  return summary;
}
