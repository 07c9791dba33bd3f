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
 * a second opinion, every model's answer. The opinions are walked by index, not with json_each: FTS5 reads
 * an external content table with virtual tables (json_each is one) barred.
 */
export function searchTextOf(row: string): string {
  const opinions = `${row}.metadata, '$.secondOpinion.secondaryOpinions'`;
  return `${row}.content || ' ' ||
            coalesce(json_extract(${row}.metadata, '$.secondOpinion.primary.response'), '') || ' ' ||
            coalesce((WITH RECURSIVE opinion (n) AS (
                        SELECT 0 UNION ALL SELECT n + 1 FROM opinion WHERE n + 1 < json_array_length(${opinions}))
                      SELECT group_concat(json_extract(${row}.metadata,
                        '$.secondOpinion.secondaryOpinions[' || n || '].response'), ' ')
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
