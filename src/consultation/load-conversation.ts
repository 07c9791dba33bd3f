// Finds the conversation a request continues, refusing malformed ids and other users' conversations
// with the same clear error (so ids of others cannot be probed).

import { limits } from "../configuration/configuration.ts";
import type { ConversationRecord, Store } from "../store/store.ts";
import { ConsultationError } from "./consultation-error.ts";

const idPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Throws invalid_argument for a malformed id. */
export function checkConversationId(conversationId: string): void {
  if (!idPattern.test(conversationId)) {
    throw new ConsultationError(
      "invalid_argument",
      `conversationId "${conversationId.slice(0, 80)}" is malformed: it must be a conversation id (a UUID) as returned by an earlier call.`,
    );
  }
}

/** The conversation, or undefined when no id was given. Throws conversation_not_found. */
export async function loadConversation(
  conversationId: string | undefined,
  userId: string | null,
  store: Store,
): Promise<ConversationRecord | undefined> {
  if (conversationId === undefined) return undefined;
  checkConversationId(conversationId);
  const conversation = await store.getConversation(conversationId);
  if (!conversation || conversation.userId !== userId) {
    throw new ConsultationError(
      "conversation_not_found",
      `Conversation ${conversationId} does not exist (or belongs to another user). Omit conversationId to start a new one.`,
      { conversationId },
    );
  }
  return conversation;
}

/** Like loadConversation, for a write of two messages: also refuses a conversation that is full. */
export async function loadConversationForWrite(
  conversationId: string | undefined,
  userId: string | null,
  store: Store,
): Promise<ConversationRecord | undefined> {
  const conversation = await loadConversation(conversationId, userId, store);
  if (conversation && conversation.messageCount + 2 > limits.conversationMessages) {
    throw new ConsultationError(
      "conversation_full",
      `Conversation ${conversation.id} holds ${conversation.messageCount} messages; one conversation holds at most ${limits.conversationMessages}. Start a new conversation (omit conversationId).`,
    );
  }
  return conversation;
}
