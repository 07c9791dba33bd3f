// `conversation.delete`: removes a conversation of the caller with all its messages.

import { loadConversation } from "../consultation/load-conversation.ts";
import type { Store } from "../store/store.ts";

/** The result of `conversation.delete`. */
export interface DeleteResult {
  conversationId: string;
  deleted: true;
  messagesDeleted: number;
}

/** Deletes the conversation. Throws conversation_not_found for an unknown or foreign id. */
export async function deleteConversation(
  request: { conversationId: string; userId: string | null },
  store: Store,
): Promise<DeleteResult> {
  const conversation = await loadConversation(request.conversationId, request.userId, store);
  if (!conversation) throw new Error("conversationId is required");
  await store.deleteConversation(conversation.id);
  return { conversationId: conversation.id, deleted: true, messagesDeleted: conversation.messageCount };
}
