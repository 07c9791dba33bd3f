// Renaming a conversation of the owner.

import type { ConversationSummary } from "../../contract/messages.ts";
import type { OwnerConversations } from "../../store/conversations.ts";
import { findConversation } from "./find-conversation.ts";

/** Gives the owner's conversation `title`. Throws ServiceError for an unknown, foreign or malformed id. */
export async function renameConversation(
  conversations: OwnerConversations,
  request: { conversationId: string; title: string },
): Promise<ConversationSummary> {
  const conversation = await findConversation(conversations, request.conversationId);
  const renamed = (await conversations.rename(conversation.id, request.title)) ?? conversation;
  const { userId: _owner, ...summary } = renamed;
  return summary;
}
