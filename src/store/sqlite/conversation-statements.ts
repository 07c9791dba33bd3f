// The SQL of the conversations port on SQLite (conversations, messages, their search, and the
// idempotency entry a turn stores), prepared once per connection.

import type { DatabaseSync, StatementSync } from "node:sqlite";
import { searchIndexIsFullText } from "./full-text.ts";
import { searchedCharacters } from "./search-index-sql.ts";

const conversationColumns = "id, user_id, title, message_count, created_at, updated_at, last_message_preview";
const messageColumns = "id, conversation_id, role, content, user_id, sequence, created_at, metadata";

/** The statements of the conversations port, prepared on one connection and reused for its lifetime. */
export interface ConversationStatements {
  getConversation: StatementSync;
  insertConversation: StatementSync;
  updateConversationAfterTurn: StatementSync;
  setTitle: StatementSync;
  lastSequence: StatementSync;
  insertMessage: StatementSync;
  insertIdempotencyEntry: StatementSync;
  readMessagesAfter: StatementSync;
  readRecentMessages: StatementSync;
  getMessagesByIds: StatementSync;
  updateMessageMetadata: StatementSync;
  listConversationsFirstPage: StatementSync;
  listConversationsAfter: StatementSync;
  deleteConversation: StatementSync;
  /** Search on an FTS5 index; undefined where the index is a plain table (full-text.ts). */
  searchMessages: StatementSync | undefined;
  searchMessagesPlainly: StatementSync;
  renameConversation: StatementSync;
}

/** Prepares {@link ConversationStatements} on `database`; the schema must already be migrated. */
export function prepareConversationStatements(database: DatabaseSync): ConversationStatements {
  return {
    getConversation: database.prepare(
      `SELECT ${conversationColumns} FROM conversations WHERE user_id = ? AND id = ?`,
    ),
    insertConversation: database.prepare(
      `INSERT INTO conversations (id, user_id, title, message_count, created_at, updated_at)
       VALUES (:id, :owner, :title, 0, :createdAt, :createdAt)
       ON CONFLICT (id) DO NOTHING`,
    ),
    updateConversationAfterTurn: database.prepare(
      `UPDATE conversations
       SET message_count = message_count + :added,
           updated_at = max(updated_at, :updatedAt),
           last_message_preview = :preview
       WHERE id = :id
       RETURNING ${conversationColumns}`,
    ),
    setTitle: database.prepare("UPDATE conversations SET title = ? WHERE id = ?"),
    lastSequence: database.prepare(
      "SELECT coalesce(max(sequence), 0) AS sequence FROM messages WHERE conversation_id = ?",
    ),
    insertMessage: database.prepare(
      `INSERT INTO messages (${messageColumns}, search_text)
       VALUES (:id, :conversationId, :role, :content, :userId, :sequence, :createdAt, :metadata, :searchText)`,
    ),
    insertIdempotencyEntry: database.prepare(
      `INSERT INTO idempotency_records (user_id, key, tool, fingerprint, conversation_id,
         conversation_created, user_message_id, assistant_message_id, created_at)
       VALUES (:userId, :key, :tool, :fingerprint, :conversationId,
         :conversationCreated, :userMessageId, :assistantMessageId, :createdAt)
       ON CONFLICT (user_id, key) DO NOTHING`,
    ),
    readMessagesAfter: database.prepare(
      `SELECT ${messageColumns} FROM messages
       WHERE user_id = ? AND conversation_id = ? AND sequence > ? ORDER BY sequence LIMIT ?`,
    ),
    readRecentMessages: database.prepare(
      `SELECT * FROM (
         SELECT ${messageColumns} FROM messages
         WHERE user_id = ? AND conversation_id = ? ORDER BY sequence DESC LIMIT ?
       ) ORDER BY sequence`,
    ),
    updateMessageMetadata: database.prepare(
      `UPDATE messages SET metadata = ?, search_text = substr(content, 1, ${searchedCharacters}) || ' ' || ?
       WHERE user_id = ? AND id = ?`,
    ),
    getMessagesByIds: database.prepare(
      `SELECT ${messageColumns} FROM messages WHERE user_id = ? AND id IN (SELECT value FROM json_each(?))`,
    ),
    listConversationsFirstPage: database.prepare(
      `SELECT ${conversationColumns} FROM conversations
       WHERE user_id = ? ORDER BY updated_at DESC, id DESC LIMIT ?`,
    ),
    listConversationsAfter: database.prepare(
      `SELECT ${conversationColumns} FROM conversations
       WHERE user_id = ? AND (updated_at, id) < (?, ?)
       ORDER BY updated_at DESC, id DESC LIMIT ?`,
    ),
    deleteConversation: database.prepare("DELETE FROM conversations WHERE user_id = ? AND id = ?"),
    renameConversation: database.prepare(
      `UPDATE conversations SET title = ? WHERE user_id = ? AND id = ? RETURNING ${conversationColumns}`,
    ),
    ...prepareSearchStatements(database),
  };
}

/** The search statements: on the FTS5 index, and the plain one's scan (full-text.ts). */
function prepareSearchStatements(
  database: DatabaseSync,
): Pick<ConversationStatements, "searchMessages" | "searchMessagesPlainly"> {
  return {
    searchMessages: searchIndexIsFullText(database)
      ? // The index holds no text (migrations.ts): the best rows are found and ranked from the index and
        // the owner's messages alone, and only they are read back for their snippet.
        database.prepare(
          `WITH best AS MATERIALIZED (
             SELECT message_search.rowid AS row, bm25(message_search) AS score
             FROM message_search JOIN messages ON messages.rowid = message_search.rowid
             WHERE message_search MATCH :query AND messages.user_id = :owner
             ORDER BY score
             LIMIT :rows
           )
           SELECT messages.conversation_id, messages.id AS message_id, messages.role,
             snippet(message_search, 0, '**', '**', '…', 16) AS snippet,
             best.score, conversations.title, conversations.updated_at
           FROM best
           JOIN message_search ON message_search.rowid = best.row AND message_search MATCH :query
           JOIN messages ON messages.rowid = best.row
           JOIN conversations ON conversations.id = messages.conversation_id AND conversations.user_id = :owner
           ORDER BY best.score`,
        )
      : undefined,
    // Without FTS5 (full-text.ts): the owner's rows that hold the first word, newest first; the rest is
    // checked, scored and marked in JavaScript.
    searchMessagesPlainly: database.prepare(
      `SELECT message_search.conversation_id, message_search.message_id, message_search.role,
         message_search.text, conversations.title, conversations.updated_at
       FROM message_search
       JOIN conversations ON conversations.id = message_search.conversation_id AND conversations.user_id = :owner
       WHERE message_search.user_id = :owner AND instr(lower(message_search.text), lower(:word)) > 0
       ORDER BY conversations.updated_at DESC
       LIMIT :rows`,
    ),
  };
}
