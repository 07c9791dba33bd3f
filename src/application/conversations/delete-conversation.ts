// Deleting a conversation of the owner with all its messages.

import type { DeleteResult } from "../../contract/conversations.ts";
import type { OwnerConversations } from "../../store/conversations.ts";
import { findConversation } from "./find-conversation.ts";

/** Deletes the owner's conversation. Throws ServiceError for an unknown, foreign or malformed id. */
export async function deleteConversation(
  conversations: OwnerConversations,
  conversationId: string,
): Promise<DeleteResult> {
  const conversation = await findConversation(conversations, conversationId);
  await conversations.delete(conversation.id);
  return { conversationId: conversation.id, deleted: true, messagesDeleted: conversation.messageCount };
}
