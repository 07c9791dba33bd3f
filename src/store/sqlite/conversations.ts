// The conversations port on SQLite. A turn is one write transaction (BEGIN IMMEDIATE), which holds the
// file's write lock, so its sequence numbers are gap-free however many processes write; search runs on
// an FTS5 index of each message and every model's opinion in it, ranked by bm25 (on a SQLite without FTS5,
// a plain index scanned for every word: full-text.ts).

import type { ConversationStore, OwnerConversations } from "../conversations.ts";
import { bestHitPerConversation, toConversation, toMessage } from "../rows.ts";
import type { SqliteConnection } from "./connection.ts";
import { prepareConversationStatements } from "./conversation-statements.ts";
import { plainMatch } from "./full-text.ts";
import { answersSearchText } from "./search-text.ts";
import { writeTurn } from "./turn-writer.ts";

/** The conversations of `connection`. */
export function sqliteConversations(connection: SqliteConnection): ConversationStore {
  const statements = prepareConversationStatements(connection.database);
  return {
    of: (owner) => ({
      owner,
      ...conversationMethods(connection, statements, owner),
      ...messageMethods(connection, statements, owner),
    }),
  };
}

type Statements = ReturnType<typeof prepareConversationStatements>;

type MessageMethods = Pick<
  OwnerConversations,
  "readMessages" | "readRecentMessages" | "updateMessageMetadata" | "getMessages"
>;

/** What an owner does with whole conversations: read, list, rename, search, delete, and save a turn. */
function conversationMethods(
  connection: SqliteConnection,
  statements: Statements,
  owner: string,
): Omit<OwnerConversations, "owner" | keyof MessageMethods> {
  return {
    async get(id) {
      const row = await connection.read(() => statements.getConversation.get(owner, id));
      return row === undefined ? undefined : toConversation(row);
    },

    saveTurn(turn) {
      return connection.transaction(() => writeTurn(statements, owner, turn));
    },

    async list(page) {
      const rows = await connection.read(() =>
        page.after
          ? statements.listConversationsAfter.all(owner, page.after.updatedAt, page.after.id, page.limit + 1)
          : statements.listConversationsFirstPage.all(owner, page.limit + 1),
      );
      return {
        conversations: rows.slice(0, page.limit).map(toConversation),
        hasMore: rows.length > page.limit,
      };
    },

    async rename(id, title) {
      const row = await connection.write(() => statements.renameConversation.get(title, owner, id));
      return row === undefined ? undefined : toConversation(row);
    },

    async search(words, limit) {
      if (words.length === 0) return [];
      const fullText = statements.searchMessages;
      if (!fullText) return searchPlainly(connection, statements, owner, words, limit);
      const query = words
        .map((word, index) => `"${word.replaceAll('"', '""')}"${index === words.length - 1 ? "*" : ""}`)
        .join(" ");
      const rows = await connection.read(() => fullText.all({ owner, query, rows: limit * 20 }));
      // bm25 is lower for better matches.
      return bestHitPerConversation(rows, limit, (row) => -Number(row.score));
    },

    async delete(id) {
      const result = await connection.write(() => statements.deleteConversation.run(owner, id));
      return Number(result.changes) > 0;
    },
  };
}

/** What an owner does with the messages of a conversation. */
function messageMethods(connection: SqliteConnection, statements: Statements, owner: string): MessageMethods {
  return {
    async readMessages(conversationId, page) {
      const rows = await connection.read(() =>
        statements.readMessagesAfter.all(owner, conversationId, page.afterSequence ?? 0, page.limit + 1),
      );
      return { messages: rows.slice(0, page.limit).map(toMessage), hasMore: rows.length > page.limit };
    },

    async readRecentMessages(conversationId, limit) {
      return (
        await connection.read(() => statements.readRecentMessages.all(owner, conversationId, limit))
      ).map(toMessage);
    },

    async updateMessageMetadata(messageId, metadata) {
      const answers = answersSearchText(metadata);
      const result = await connection.write(() =>
        statements.updateMessageMetadata.run(JSON.stringify(metadata), answers, owner, messageId),
      );
      return Number(result.changes) > 0;
    },

    async getMessages(ids) {
      if (ids.length === 0) return [];
      const rows = await connection.read(() => statements.getMessagesByIds.all(owner, JSON.stringify(ids)));
      const byId = new Map(rows.map((row) => [String(row.id), toMessage(row)]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
  };
}

/** Search where the index is a plain table: the rows holding the longest word, then every word checked. */
async function searchPlainly(
  connection: SqliteConnection,
  statements: Statements,
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
