// Writing one turn, inside the caller's transaction, on either backend: the conversation created or
// found (on PostgreSQL its row locked, which orders concurrent turns on any node; SQLite's write
// transaction holds the whole file), the messages numbered after the last one, the idempotency key
// stored first, the conversation's totals updated. Any throw undoes every write.

import { sql } from "kysely";
import { ConversationNotFoundError, type Message, type SavedTurn, type TurnInput } from "../conversations.ts";
import { IdempotencyConflictError } from "../idempotency.ts";
import { previewOf, toConversation, toMessageRow } from "../rows.ts";
import { greatest, type Row, type SqlDatabase, type Work } from "./database.ts";

export const conversationColumns = [
  "id",
  "user_id",
  "title",
  "message_count",
  "created_at",
  "updated_at",
  "last_message_preview",
];
export const messageColumns = [
  "id",
  "conversation_id",
  "role",
  "content",
  "user_id",
  "sequence",
  "created_at",
  "metadata",
];

/** Columns a backend stores with each message beyond the record's own (SQLite: its search text). */
export type MessageExtras = (message: Message) => Row;

/** Writes `turn` for `owner`; throws ConversationNotFoundError or IdempotencyConflictError. */
export function* writeTurn(
  database: SqlDatabase,
  owner: string,
  turn: TurnInput,
  extras: MessageExtras,
): Work<SavedTurn> {
  const { builder } = database;
  const { conversationId, create } = turn;
  // A conversation this turn created is known to be the owner's, to hold no message yet, and (on
  // PostgreSQL) to be locked by this transaction: none of that needs reading back.
  const created =
    create !== undefined &&
    (yield builder
      .insertInto("conversations")
      .values({
        id: conversationId,
        user_id: owner,
        title: create.title,
        message_count: 0,
        created_at: create.createdAt,
        updated_at: create.createdAt,
      })
      .onConflict((conflict) => conflict.column("id").doNothing())).changes === 1;
  const getConversation = builder
    .selectFrom("conversations")
    .select(conversationColumns)
    .where("user_id", "=", owner)
    .where("id", "=", conversationId);
  if (!created) {
    const locking = database.dialect === "postgres" ? getConversation.forUpdate() : getConversation;
    if ((yield locking).rows[0] === undefined) throw new ConversationNotFoundError(conversationId);
  }
  if (turn.title !== undefined)
    yield builder.updateTable("conversations").set({ title: turn.title }).where("id", "=", conversationId);
  const lastSequence = created ? 0 : yield* lastSequenceOf(database, conversationId);
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
  if (turn.idempotency)
    yield* insertIdempotencyEntry(database, owner, conversationId, turn.idempotency, messages);
  for (const message of messages) {
    yield builder.insertInto("messages").values({ ...toMessageRow(message), ...extras(message) });
  }
  const newest = messages.at(-1);
  const updated = newest
    ? builder
        .updateTable("conversations")
        .set((expression) => ({
          message_count: expression("message_count", "+", messages.length),
          updated_at: greatest(database, expression.ref("updated_at"), newestTime(messages)),
          last_message_preview: previewOf(newest.content),
        }))
        .where("id", "=", conversationId)
        .returning(conversationColumns)
    : getConversation;
  const row = (yield updated).rows[0];
  if (row === undefined) throw new ConversationNotFoundError(conversationId);
  return { conversation: toConversation(row), messages };
}

/** The greatest creation time of `messages` (ISO-8601 strings sort by time). */
function newestTime(messages: Message[]): string | undefined {
  return messages
    .map((message) => message.createdAt)
    .sort()
    .at(-1);
}

/** The sequence of the conversation's newest message, 0 when it has none. */
function* lastSequenceOf(database: SqlDatabase, conversationId: string): Work<number> {
  const { rows } = yield database.builder
    .selectFrom("messages")
    .select(sql`coalesce(max(sequence), 0)`.as("sequence"))
    .where("conversation_id", "=", conversationId);
  return Number(rows[0]?.sequence ?? 0);
}

/** Stores the turn's idempotency key; throws IdempotencyConflictError when the owner already used it. */
function* insertIdempotencyEntry(
  database: SqlDatabase,
  owner: string,
  conversationId: string,
  idempotency: NonNullable<TurnInput["idempotency"]>,
  messages: Message[],
): Work<void> {
  const userMessage = messages.find((message) => message.role === "user") ?? messages[0];
  const assistantMessage = messages.findLast((message) => message.role === "assistant") ?? messages.at(-1);
  if (!userMessage || !assistantMessage) {
    throw new TypeError("A turn with an idempotency key must contain at least one message.");
  }
  const inserted = yield database.builder
    .insertInto("idempotency_records")
    .values({
      user_id: owner,
      key: idempotency.key,
      tool: idempotency.tool,
      fingerprint: idempotency.fingerprint,
      conversation_id: conversationId,
      conversation_created: idempotency.conversationCreated ? 1 : 0,
      user_message_id: userMessage.id,
      assistant_message_id: assistantMessage.id,
      created_at: idempotency.createdAt,
    })
    .onConflict((conflict) => conflict.columns(["user_id", "key"]).doNothing());
  if (inserted.changes === 0) throw new IdempotencyConflictError(idempotency.key);
}
