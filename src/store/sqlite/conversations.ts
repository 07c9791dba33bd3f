// The conversations port on SQLite: the shared queries (../sql/conversations.ts) with SQLite's search. A
// turn is one write transaction (BEGIN IMMEDIATE), which holds the file's write lock, so its sequence
// numbers are gap-free however many processes write; search runs on an FTS5 index of each message and
// every model's opinion in it, ranked by bm25 (on a SQLite without FTS5, a plain index scanned for every
// word: full-text.ts), over the search text stored beside each message.

import { sql } from "kysely";
import type { ConversationStore, Message, SearchHit } from "../conversations.ts";
import { bestHitPerConversation } from "../rows.ts";
import { sqlConversations } from "../sql/conversations.ts";
import type { SqlDatabase } from "../sql/database.ts";
import type { SqliteConnection } from "./connection.ts";
import { plainMatch } from "./full-text.ts";
import { searchedCharacters } from "./search-index-sql.ts";
import { prepareSearchStatements, type SearchStatements } from "./search-statements.ts";

/** The conversations of `connection`, whose shared view is `database`. */
export function sqliteConversations(connection: SqliteConnection, database: SqlDatabase): ConversationStore {
  const statements = prepareSearchStatements(connection.database);
  return sqlConversations(database, {
    search: (owner, words, limit) => search(connection, statements, owner, words, limit),
    searchText: (message) => searchTextOf(message.content, message.metadata),
    metadataExtras: (metadata) => ({
      search_text: sql`substr(content, 1, ${sql.lit(searchedCharacters)}) || ' ' || ${answersSearchText(metadata)}`,
    }),
  });
}

/** The owner's conversations matching `words`, best first, one hit each. */
async function search(
  connection: SqliteConnection,
  statements: SearchStatements,
  owner: string,
  words: readonly string[],
  limit: number,
): Promise<SearchHit[]> {
  if (words.length === 0) return [];
  const fullText = statements.searchMessages;
  if (!fullText) return searchPlainly(connection, statements, owner, words, limit);
  const query = words
    .map((word, index) => `"${word.replaceAll('"', '""')}"${index === words.length - 1 ? "*" : ""}`)
    .join(" ");
  const rows = await connection.read(() => fullText.all({ owner, query, rows: limit * 20 }));
  // bm25 is lower for better matches.
  return bestHitPerConversation(rows, limit, (row) => -Number(row.score));
}

/** Search where the index is a plain table: the rows holding the longest word, then every word checked. */
async function searchPlainly(
  connection: SqliteConnection,
  statements: SearchStatements,
  owner: string,
  words: readonly string[],
  limit: number,
) {
  const word = words.reduce((longest, candidate) =>
    candidate.length > longest.length ? candidate : longest,
  );
  const rows = await connection.read(() =>
    statements.searchMessagesPlainly.all({ owner, word, rows: limit * 50 }),
  );
  const found = rows
    .flatMap((row) => {
      const match = plainMatch(String(row.text), words);
      return match ? [{ ...row, ...match }] : [];
    })
    // Most occurrences first; among equals, the newest conversation (the order the rows came in).
    .sort((first, second) => second.score - first.score);
  return bestHitPerConversation(found, limit, (row) => Number(row.score));
}

/**
 * What search reads of a message with `content` and `metadata`, written with it into `search_text`
 * (search-index-sql.ts): its content and every model's answer, the first 64 KiB of each. Written from
 * the message as it is held here, so a late opinion's landing costs no parse of the stored JSON.
 */
function searchTextOf(content: string, metadata: Message["metadata"]): string {
  return `${content.slice(0, searchedCharacters)} ${answersSearchText(metadata)}`;
}

/** What search reads of the answers in a message's `metadata`: the first 64 KiB of each. */
function answersSearchText(metadata: Message["metadata"]): string {
  const opinion = metadata.secondOpinion as
    | { primary?: { response?: unknown }; secondaryOpinions?: { response?: unknown }[] }
    | undefined;
  return [opinion?.primary, ...(opinion?.secondaryOpinions ?? [])]
    .map((answer) => answer?.response)
    .filter((response): response is string => typeof response === "string")
    .map((response) => response.slice(0, searchedCharacters))
    .join(" ");
}
