// Writing one turn to PostgreSQL, inside the caller's transaction: the conversation created or found
// (its row locked, which orders concurrent turns on any node), the messages numbered after the last one
// (their search words follow), the idempotency key, the conversation's totals. The columns live here too.

import type pg from "pg";
import { ConversationNotFoundError, type Message, type SavedTurn, type TurnInput } from "../conversations.ts";
import { IdempotencyConflictError } from "../idempotency.ts";
import { previewOf, toConversation, toMessageParameters } from "../rows.ts";

export const conversationColumns =
  "id, user_id, title, message_count, created_at, updated_at, last_message_preview";
export const messageColumns = "id, conversation_id, role, content, user_id, sequence, created_at, metadata";

/** Writes `turn` for `owner` with `client`; throws ConversationNotFoundError or IdempotencyConflictError. */
export async function writeTurn(client: pg.PoolClient, owner: string, turn: TurnInput): Promise<SavedTurn> {
  const { conversationId, create } = turn;
  if (create) {
    await client.query(
      `INSERT INTO conversations (id, user_id, title, message_count, created_at, updated_at)
       VALUES ($1, $2, $3, 0, $4, $4) ON CONFLICT (id) DO NOTHING`,
      [conversationId, owner, create.title, create.createdAt],
    );
  }
  // The row lock orders concurrent turns of one conversation, on any node.
  const existing = (
    await client.query(
      `SELECT ${conversationColumns} FROM conversations WHERE user_id = $1 AND id = $2 FOR UPDATE`,
      [owner, conversationId],
    )
  ).rows[0];
  if (existing === undefined) throw new ConversationNotFoundError(conversationId);
  if (turn.title !== undefined)
    await client.query("UPDATE conversations SET title = $1 WHERE id = $2", [turn.title, conversationId]);
  const last = Number(
    (
      await client.query(
        "SELECT coalesce(max(sequence), 0) AS sequence FROM messages WHERE conversation_id = $1",
        [conversationId],
      )
    ).rows[0]?.sequence ?? 0,
  );
  const messages: Message[] = turn.messages.map((message, index) => ({
    id: message.id,
    conversationId,
    role: message.role,
    content: message.content,
    userId: owner,
    sequence: last + index + 1,
    createdAt: message.createdAt,
    metadata: message.metadata ?? {},
  }));
  if (turn.idempotency) await claimKey(client, owner, turn.idempotency, conversationId, messages);
  await insertMessages(client, messages);
  const newest = messages.at(-1);
  if (newest === undefined) return { conversation: toConversation(existing), messages };
  const updatedAt =
    messages
      .map((message) => message.createdAt)
      .sort()
      .at(-1) ?? newest.createdAt;
  const updated = (
    await client.query(
      `UPDATE conversations SET message_count = message_count + $2, updated_at = greatest(updated_at, $3),
         last_message_preview = $4 WHERE id = $1 RETURNING ${conversationColumns}`,
      [conversationId, messages.length, updatedAt, previewOf(newest.content)],
    )
  ).rows[0];
  if (updated === undefined) throw new ConversationNotFoundError(conversationId);
  return { conversation: toConversation(updated), messages };
}

/** Claims the turn's idempotency key; throws IdempotencyConflictError when another turn holds it. */
async function claimKey(
  client: pg.PoolClient,
  owner: string,
  idempotency: NonNullable<TurnInput["idempotency"]>,
  conversationId: string,
  messages: Message[],
): Promise<void> {
  const userMessage = messages.find((message) => message.role === "user") ?? messages[0];
  const assistantMessage = messages.findLast((message) => message.role === "assistant") ?? messages.at(-1);
  if (!userMessage || !assistantMessage) {
    throw new TypeError("A turn with an idempotency key must contain at least one message.");
  }
  const inserted = await client.query(
    `INSERT INTO idempotency_records (user_id, key, tool, fingerprint, conversation_id, conversation_created,
       user_message_id, assistant_message_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (user_id, key) DO NOTHING`,
    [
      owner,
      idempotency.key,
      idempotency.tool,
      idempotency.fingerprint,
      conversationId,
      idempotency.conversationCreated ? 1 : 0,
      userMessage.id,
      assistantMessage.id,
      idempotency.createdAt,
    ],
  );
  if (inserted.rowCount === 0) throw new IdempotencyConflictError(idempotency.key);
}

/** Inserts the turn's messages (their search words follow from them: migrations.ts). */
async function insertMessages(client: pg.PoolClient, messages: Message[]): Promise<void> {
  for (const message of messages) {
    const row = toMessageParameters(message);
    await client.query(
      `INSERT INTO messages (${messageColumns}) VALUES ($1, $2, $3, $4::text, $5, $6, $7, $8::text)`,
      [
        row.id,
        row.conversationId,
        row.role,
        row.content,
        row.userId,
        row.sequence,
        row.createdAt,
        row.metadata,
      ],
    );
  }
}
