// A whole conversation with every message, read page by page (for export and Markdown resources).

import type { ConversationExport } from "../../contract/conversations.ts";
import { contractMessage, type StoredMessage } from "../../contract/messages.ts";
import type { OwnerConversations } from "../../store/conversations.ts";
import { findConversation } from "./find-conversation.ts";

/** Reads the owner's conversation whole. Throws ServiceError for an unknown or malformed id. */
export async function exportConversation(
  conversations: OwnerConversations,
  conversationId: string,
): Promise<ConversationExport> {
  const conversation = await findConversation(conversations, conversationId);
  const messages: StoredMessage[] = [];
  for (let afterSequence = 0; ; ) {
    const page = await conversations.readMessages(conversation.id, { afterSequence, limit: 200 });
    messages.push(...page.messages.map(contractMessage));
    const last = page.messages.at(-1);
    if (!page.hasMore || !last) break;
    afterSequence = last.sequence;
  }
  return { conversation, messages };
}
