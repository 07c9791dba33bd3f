// Writing one turn, inside the caller's transaction, on either backend: the conversation created or
// found (on PostgreSQL its row locked, which orders concurrent turns on any node; SQLite's write
// transaction holds the whole file), the messages numbered after the last one, the idempotency key
// stored first, the conversation's totals updated. Any throw undoes every write. Its statements are
// prepared once per store: a turn is the store's hottest write.

import { sql } from "kysely";
import { ConversationNotFoundError, type Message, type SavedTurn, type TurnInput } from "../conversations.ts";
import { IdempotencyConflictError } from "../idempotency.ts";
import { previewOf, toConversation, toMessageRow } from "../rows.ts";
import { greatest, prepare, type SqlDatabase, type Work } from "./database.ts";

export const conversationColumns =
  "id user_id title message_count created_at updated_at last_message_preview".split(" ");
export const messageColumns = "id conversation_id role content user_id sequence created_at metadata".split(
  " ",
);
const idempotencyColumns = "user_id key tool fingerprint conversation_id conversation_created".split(" ");

/** What search a backend stores with each message itself (SQLite); absent where it derives its own. */
export type SearchTextOf = ((message: Message) => string) | undefined;

/** The statements of a turn, prepared for `database`; `searchText`, when given, fills `search_text`. */
export function turnStatements(database: SqlDatabase, searchText: SearchTextOf) {
  const { builder } = database;
  const slots = (columns: string[], slot: (name: string) => unknown) =>
    Object.fromEntries(columns.map((column) => [column, slot(column)]));
  const conversation = (slot: (name: "owner" | "id") => unknown) =>
    builder
      .selectFrom("conversations")
      .select(conversationColumns)
      .where("user_id", "=", slot("owner"))
      .where("id", "=", slot("id"));
  return {
    searchText,
    getConversation: prepare<{ owner: string; id: string }>(database, conversation),
    lockConversation: prepare<{ owner: string; id: string }>(database, (slot) =>
      database.dialect === "postgres" ? conversation(slot).forUpdate() : conversation(slot),
    ),
    insertConversation: prepare<{ id: string; owner: string; title: string; at: string }>(database, (slot) =>
      builder
        .insertInto("conversations")
        .values({
          id: slot("id"),
          user_id: slot("owner"),
          title: slot("title"),
          message_count: 0,
          created_at: slot("at"),
          updated_at: slot("at"),
        })
        .onConflict((conflict) => conflict.column("id").doNothing()),
    ),
    setTitle: prepare<{ id: string; title: string }>(database, (slot) =>
      builder
        .updateTable("conversations")
        .set({ title: slot("title") })
        .where("id", "=", slot("id")),
    ),
    lastSequence: prepare<{ id: string }>(database, (slot) =>
      builder
        .selectFrom("messages")
        .select(sql`coalesce(max(sequence), 0)`.as("sequence"))
        .where("conversation_id", "=", slot("id")),
    ),
    insertMessage: prepare<Record<string, unknown>>(database, (slot) =>
      builder
        .insertInto("messages")
        .values(slots([...messageColumns, ...(searchText ? ["search_text"] : [])], slot)),
    ),
    insertIdempotencyEntry: prepare<Record<string, unknown>>(database, (slot) =>
      builder
        .insertInto("idempotency_records")
        .values(slots([...idempotencyColumns, "user_message_id", "assistant_message_id", "created_at"], slot))
        .onConflict((conflict) => conflict.columns(["user_id", "key"]).doNothing()),
    ),
    updateAfterTurn: prepare<{ id: string; added: number; at: string; preview: string }>(database, (slot) =>
      builder
        .updateTable("conversations")
        .set((expression) => ({
          message_count: expression("message_count", "+", slot("added")),
          updated_at: greatest(database, expression.ref("updated_at"), slot("at")),
          last_message_preview: slot("preview"),
        }))
        .where("id", "=", slot("id"))
        .returning(conversationColumns),
    ),
  };
}

/** The prepared statements of a turn. */
export type TurnStatements = ReturnType<typeof turnStatements>;

/** Writes `turn` for `owner`; throws ConversationNotFoundError or IdempotencyConflictError. */
export function* writeTurn(statements: TurnStatements, owner: string, turn: TurnInput): Work<SavedTurn> {
  const { conversationId: id, create } = turn;
  // A conversation this turn created is known to be the owner's, to hold no message yet, and (on
  // PostgreSQL) to be locked by this transaction: none of that needs reading back.
  const created =
    create !== undefined &&
    (yield statements.insertConversation({ id, owner, title: create.title, at: create.createdAt }))
      .changes === 1;
  if (!created && (yield statements.lockConversation({ owner, id })).rows[0] === undefined)
    throw new ConversationNotFoundError(id);
  if (turn.title !== undefined) yield statements.setTitle({ id, title: turn.title });
  const lastSequence = created ? 0 : Number((yield statements.lastSequence({ id })).rows[0]?.sequence ?? 0);
  const messages: Message[] = turn.messages.map((message, index) => ({
    id: message.id,
    conversationId: id,
    role: message.role,
    content: message.content,
    userId: owner,
    sequence: lastSequence + index + 1,
    createdAt: message.createdAt,
    metadata: message.metadata ?? {},
  }));
  // The key goes in first so a replayed turn reports the conflict, not a duplicate message id.
  if (turn.idempotency) yield* insertIdempotencyEntry(statements, owner, id, turn.idempotency, messages);
  for (const message of messages) {
    const searchText = statements.searchText?.(message);
    yield statements.insertMessage({ ...toMessageRow(message), search_text: searchText });
  }
  const newest = messages.at(-1);
  const updated = newest
    ? statements.updateAfterTurn({
        id,
        added: messages.length,
        at: newestTime(messages),
        preview: previewOf(newest.content),
      })
    : statements.getConversation({ owner, id });
  const row = (yield updated).rows[0];
  if (row === undefined) throw new ConversationNotFoundError(id);
  return { conversation: toConversation(row), messages };
}

/** The greatest creation time of `messages`, which are not empty (ISO-8601 strings sort by time). */
function newestTime(messages: Message[]): string {
  return messages
    .map((message) => message.createdAt)
    .sort()
    .at(-1) as string;
}

/** Stores the turn's idempotency key; throws IdempotencyConflictError when the owner already used it. */
function* insertIdempotencyEntry(
  statements: TurnStatements,
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
  const inserted = yield statements.insertIdempotencyEntry({
    user_id: owner,
    key: idempotency.key,
    tool: idempotency.tool,
    fingerprint: idempotency.fingerprint,
    conversation_id: conversationId,
    conversation_created: idempotency.conversationCreated ? 1 : 0,
    user_message_id: userMessage.id,
    assistant_message_id: assistantMessage.id,
    created_at: idempotency.createdAt,
  });
  if (inserted.changes === 0) throw new IdempotencyConflictError(idempotency.key);
}
