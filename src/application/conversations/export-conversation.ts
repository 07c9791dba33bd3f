// A whole conversation with every message, read page by page (for export and Markdown resources).

import { findConversation } from "../../consultation/turn/find-conversation.ts";
import type { Conversation, Message, Store } from "../../store/store.ts";

/** A conversation with every message, oldest first. */
export interface ConversationExport {
  conversation: Conversation;
  messages: Message[];
}

/** Reads the owner's conversation whole. Throws ServiceError for an unknown or malformed id. */
export async function exportConversation(
  store: Store,
  owner: string,
  conversationId: string,
): Promise<ConversationExport> {
  const conversation = await findConversation(store, owner, conversationId);
  const messages: Message[] = [];
  for (let afterSequence = 0; ; ) {
    const page = await store.readMessages(owner, conversation.id, { afterSequence, limit: 200 });
    messages.push(...page.messages);
    const last = page.messages.at(-1);
    if (!page.hasMore || !last) break;
    afterSequence = last.sequence;
  }
  return { conversation, messages };
}
