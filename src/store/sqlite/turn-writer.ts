// Writing one turn to SQLite: the conversation created or found, the messages numbered after the last
// one, the idempotency key stored first, the conversation's totals updated. Runs inside the caller's
// transaction, so any throw undoes every write.

import { ConversationNotFoundError, type Message, type SavedTurn, type TurnInput } from "../conversations.ts";
import { IdempotencyConflictError } from "../idempotency.ts";
import { previewOf, toConversation, toMessageParameters } from "../rows.ts";
import type { ConversationStatements } from "./conversation-statements.ts";
import { searchTextOf } from "./search-text.ts";

/** Writes `turn` for `owner`; throws ConversationNotFoundError or IdempotencyConflictError. */
export function writeTurn(statements: ConversationStatements, owner: string, turn: TurnInput): SavedTurn {
  const { conversationId, create } = turn;
  // A conversation this turn created is known to be the owner's and to hold no message yet: neither
  // needs reading back.
  const created =
    create !== undefined &&
    Number(
      statements.insertConversation.run({
        id: conversationId,
        owner,
        title: create.title,
        createdAt: create.createdAt,
      }).changes,
    ) === 1;
  if (!created && statements.getConversation.get(owner, conversationId) === undefined)
    throw new ConversationNotFoundError(conversationId);
  if (turn.title !== undefined) statements.setTitle.run(turn.title, conversationId);

  const lastSequence = created ? 0 : Number(statements.lastSequence.get(conversationId)?.sequence ?? 0);
  const messages: Message[] = turn.messages.map((message, index) => ({
    id: message.id,
    conversationId,
    role: message.role,
    content: message.content,
    userId: owner,
    sequence: lastSequence + index + 1,
    createdAt: message.createdAt,
    metadata: message.metadata ?? {},
  }));
  // The key goes in first so a replayed turn reports the conflict, not a duplicate message id.
  if (turn.idempotency) insertIdempotencyEntry(statements, owner, conversationId, turn.idempotency, messages);
  for (const message of messages) {
    const searchText = searchTextOf(message.content, message.metadata);
    statements.insertMessage.run({ ...toMessageParameters(message), searchText });
  }

  const newest = messages.at(-1);
  if (newest === undefined) {
    const existing = statements.getConversation.get(owner, conversationId);
    if (existing === undefined) throw new ConversationNotFoundError(conversationId);
    return { conversation: toConversation(existing), messages };
  }
  const updated = statements.updateConversationAfterTurn.get({
    id: conversationId,
    added: messages.length,
    updatedAt:
      messages
        .map((message) => message.createdAt)
        .sort()
        .at(-1) ?? newest.createdAt,
    preview: previewOf(newest.content),
  });
  if (updated === undefined) throw new ConversationNotFoundError(conversationId);
  return { conversation: toConversation(updated), messages };
}

/** Stores the turn's idempotency key; throws IdempotencyConflictError when the owner already used it. */
function insertIdempotencyEntry(
  statements: ConversationStatements,
  owner: string,
  conversationId: string,
  idempotency: NonNullable<TurnInput["idempotency"]>,
  messages: Message[],
): void {
  const userMessage = messages.find((message) => message.role === "user") ?? messages[0];
  const assistantMessage = messages.findLast((message) => message.role === "assistant") ?? messages.at(-1);
  if (!userMessage || !assistantMessage) {
    throw new TypeError("A turn with an idempotency key must contain at least one message.");
  }
  const inserted = statements.insertIdempotencyEntry.run({
    userId: owner,
    key: idempotency.key,
    tool: idempotency.tool,
    fingerprint: idempotency.fingerprint,
    conversationId,
    conversationCreated: idempotency.conversationCreated ? 1 : 0,
    userMessageId: userMessage.id,
    assistantMessageId: assistantMessage.id,
    createdAt: idempotency.createdAt,
  });
  if (Number(inserted.changes) === 0) throw new IdempotencyConflictError(idempotency.key);
}
