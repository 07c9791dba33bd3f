// Deleting a conversation of the owner with all its messages.

import { findConversation } from "../../consultation/turn/find-conversation.ts";
import type { Store } from "../../store/store.ts";

/** The result of `conversation.delete`. */
export interface DeleteResult {
  conversationId: string;
  deleted: true;
  messagesDeleted: number;
}

/** Deletes the owner's conversation. Throws ServiceError for an unknown, foreign or malformed id. */
export async function deleteConversation(
  store: Store,
  owner: string,
  conversationId: string,
): Promise<DeleteResult> {
  const conversation = await findConversation(store, owner, conversationId);
  await store.deleteConversation(owner, conversation.id);
  return { conversationId: conversation.id, deleted: true, messagesDeleted: conversation.messageCount };
}
