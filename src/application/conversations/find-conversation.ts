// Finds the owner's conversation a request names, refusing malformed ids, and other owners'
// conversations with the same error as missing ones (so ids of others cannot be probed).

import { limits } from "../../contract/limits.ts";
import { ServiceError } from "../../contract/service-error.ts";
import type { Conversation, OwnerConversations } from "../../store/conversations.ts";

const idPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `conversationId` has the shape of a conversation id (a UUID). */
function isConversationId(conversationId: string): boolean {
  return idPattern.test(conversationId);
}

/** The owner's conversation. Throws invalid_argument for a malformed id, conversation_not_found otherwise. */
export async function findConversation(
  conversations: OwnerConversations,
  conversationId: string,
): Promise<Conversation> {
  if (!isConversationId(conversationId)) {
    throw new ServiceError(
      "invalid_argument",
      `conversationId "${conversationId.slice(0, 80)}" is malformed: it must be a conversation id (a UUID) as returned by an earlier call.`,
    );
  }
  const conversation = await conversations.get(conversationId);
  if (!conversation) {
    throw new ServiceError(
      "conversation_not_found",
      `Conversation ${conversationId} does not exist (or belongs to another user). Omit conversationId to start a new one.`,
      { conversationId },
    );
  }
  return conversation;
}

/** The conversation a new turn continues (undefined: a new one); refuses one that is full. */
export async function findConversationForTurn(
  conversations: OwnerConversations,
  conversationId: string | undefined,
): Promise<Conversation | undefined> {
  if (conversationId === undefined) return undefined;
  const conversation = await findConversation(conversations, conversationId);
  if (conversation.messageCount + 2 > limits.conversationMessages) {
    throw new ServiceError(
      "conversation_full",
      `Conversation ${conversation.id} holds ${conversation.messageCount} messages; one conversation holds at most ${limits.conversationMessages}. Start a new conversation (omit conversationId).`,
    );
  }
  return conversation;
}
