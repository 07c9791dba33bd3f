// The search statements of the conversations port on SQLite, prepared once per connection: on the FTS5
// index, and the plain index's scan where SQLite has no FTS5 (full-text.ts).

import type { DatabaseSync, StatementSync } from "node:sqlite";
import { searchIndexIsFullText } from "./full-text.ts";

/** The search statements of one connection. */
export interface SearchStatements {
  /** Search on an FTS5 index; undefined where the index is a plain table (full-text.ts). */
  searchMessages: StatementSync | undefined;
  searchMessagesPlainly: StatementSync;
}

/** The search statements, prepared on `database`; the schema must already be migrated. */
export function prepareSearchStatements(database: DatabaseSync): SearchStatements {
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
