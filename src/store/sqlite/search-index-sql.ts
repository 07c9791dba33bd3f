// The SQL that keeps the search index of messages (message_search) in step with them, for the schema's
// steps (migrations.ts): the triggers of the first index, which kept its own copy of the text, and the
// pieces of the external-content index that reads its text from the messages. Shipped steps quote these
// as they were; change one only by adding a step.

/** How the search index follows the messages: the same with or without FTS5. */
export const searchIndexing = `
      CREATE TRIGGER message_search_insert AFTER INSERT ON messages BEGIN
        INSERT INTO message_search (rowid, text, conversation_id, user_id, message_id, role)
        VALUES (
          new.rowid,
          new.content || ' ' ||
            coalesce(json_extract(new.metadata, '$.secondOpinion.primary.response'), '') || ' ' ||
            coalesce((SELECT group_concat(json_extract(value, '$.response'), ' ')
                      FROM json_each(new.metadata, '$.secondOpinion.secondaryOpinions')), ''),
          new.conversation_id, new.user_id, new.id, new.role
        );
      END;
      CREATE TRIGGER message_search_delete AFTER DELETE ON messages BEGIN
        DELETE FROM message_search WHERE rowid = old.rowid;
      END;
      INSERT INTO message_search (rowid, text, conversation_id, user_id, message_id, role)
        SELECT rowid,
          content || ' ' ||
            coalesce(json_extract(metadata, '$.secondOpinion.primary.response'), '') || ' ' ||
            coalesce((SELECT group_concat(json_extract(value, '$.response'), ' ')
                      FROM json_each(metadata, '$.secondOpinion.secondaryOpinions')), ''),
          conversation_id, user_id, id, role
        FROM messages;
`;

/**
 * The text a message is found by, of the messages row `row` (new, old or the table): its content and, for
 * a second opinion, every model's answer (with `firstCharacters`, the first that many of each). The
 * opinions are walked by index, not with json_each: FTS5 reads an external content table with virtual
 * tables (json_each is one) barred.
 */
export function searchTextOf(row: string, firstCharacters?: number): string {
  const opinions = `${row}.metadata, '$.secondOpinion.secondaryOpinions'`;
  const first = (text: string) => (firstCharacters ? `substr(${text}, 1, ${firstCharacters})` : text);
  return `${first(`${row}.content`)} || ' ' ||
            coalesce(${first(`json_extract(${row}.metadata, '$.secondOpinion.primary.response')`)}, '') || ' ' ||
            coalesce((WITH RECURSIVE opinion (n) AS (
                        SELECT 0 UNION ALL SELECT n + 1 FROM opinion WHERE n + 1 < json_array_length(${opinions}))
                      SELECT group_concat(${first(`json_extract(${row}.metadata,
                        '$.secondOpinion.secondaryOpinions[' || n || '].response')`)}, ' ')
                      FROM opinion), '')`;
}

/** Adds the words of messages row `row` to the external-content search index. */
export function indexRow(row: string): string {
  return `INSERT INTO message_search (rowid, text, conversation_id, user_id, message_id, role)
        VALUES (${row}.rowid, ${searchTextOf(row)}, ${row}.conversation_id, ${row}.user_id, ${row}.id, ${row}.role);`;
}

/** Takes the words of messages row `row` out of the index: it needs the very text that was indexed. */
export function unindexRow(row: string): string {
  return `INSERT INTO message_search (message_search, rowid, text, conversation_id, user_id, message_id, role)
        VALUES ('delete', ${row}.rowid, ${searchTextOf(row)}, ${row}.conversation_id, ${row}.user_id, ${row}.id, ${row}.role);`;
}

/** The most characters of a message's content, and of each model's answer, that search reads. */
export const searchedCharacters = 65_536;

/**
 * The step that has search read each message's `search_text`, written with the message (conversations.ts),
 * rather than take its words from the metadata's JSON: each late opinion that lands rewrites its message,
 * and parsing megabytes of JSON twice per landing (the words out, the words back) held the server for
 * hundreds of milliseconds. Existing rows get theirs from the same JSON once, here.
 */
export const searchTextColumn = `
      ALTER TABLE messages ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
      UPDATE messages SET search_text = ${searchTextOf("messages", searchedCharacters)};
`;

/** The index's view and triggers on `search_text` (after {@link searchTextColumn}), on FTS5. */
export const searchTextIndexing = `
      DROP TRIGGER message_search_insert;
      DROP TRIGGER message_search_delete;
      DROP TRIGGER message_search_update;
      DROP VIEW message_search_source;
      CREATE VIEW message_search_source AS
        SELECT rowid AS message_rowid, search_text AS text, conversation_id, user_id, id AS message_id, role
        FROM messages;
      INSERT INTO message_search (message_search) VALUES ('rebuild');
      CREATE TRIGGER message_search_insert AFTER INSERT ON messages BEGIN
        INSERT INTO message_search (rowid, text, conversation_id, user_id, message_id, role)
        VALUES (new.rowid, new.search_text, new.conversation_id, new.user_id, new.id, new.role);
      END;
      CREATE TRIGGER message_search_delete AFTER DELETE ON messages BEGIN
        INSERT INTO message_search (message_search, rowid, text, conversation_id, user_id, message_id, role)
        VALUES ('delete', old.rowid, old.search_text, old.conversation_id, old.user_id, old.id, old.role);
      END;
      CREATE TRIGGER message_search_update AFTER UPDATE OF search_text ON messages BEGIN
        INSERT INTO message_search (message_search, rowid, text, conversation_id, user_id, message_id, role)
        VALUES ('delete', old.rowid, old.search_text, old.conversation_id, old.user_id, old.id, old.role);
        INSERT INTO message_search (rowid, text, conversation_id, user_id, message_id, role)
        VALUES (new.rowid, new.search_text, new.conversation_id, new.user_id, new.id, new.role);
      END;
`;
