// The conversations port on either backend, but for search, which each does its own way (SQLite's FTS5
// index, PostgreSQL's tsvector), and the search words SQLite stores beside a message.

import type { ConversationStore, Message, OwnerConversations, SearchHit } from "../conversations.ts";
import { toConversation, toMessage } from "../rows.ts";
import { changedAny, newestFirst, type Row, type SqlDatabase } from "./database.ts";
import {
  conversationColumns,
  messageColumns,
  type SearchTextOf,
  type TurnStatements,
  turnStatements,
  writeTurn,
} from "./turn-writer.ts";

/** What a backend adds to the shared conversations port. */
export interface ConversationSearch {
  /** The owner's conversations matching `words`, best first, one hit each. */
  search(owner: string, words: readonly string[], limit: number): Promise<SearchHit[]>;
  /** The search text a backend stores with each message itself (SQLite); absent where it derives its own. */
  searchText?: SearchTextOf;
  /** Columns set with a message's new metadata beyond the metadata. */
  metadataExtras(metadata: Message["metadata"]): Row;
}

/** The conversations of `database`, searched by `search`. */
export function sqlConversations(database: SqlDatabase, search: ConversationSearch): ConversationStore {
  const turns = turnStatements(database, search.searchText);
  return {
    of: (owner) => ({
      owner,
      ...conversationMethods(database, search, turns, owner),
      ...messageMethods(database, search, owner),
    }),
  };
}

type MessageMethods = Pick<
  OwnerConversations,
  "readMessages" | "readRecentMessages" | "updateMessageMetadata" | "getMessages"
>;

/** What an owner does with whole conversations: read, list, rename, search, delete, and save a turn. */
function conversationMethods(
  database: SqlDatabase,
  search: ConversationSearch,
  turns: TurnStatements,
  owner: string,
): Omit<OwnerConversations, "owner" | keyof MessageMethods> {
  const { builder } = database;
  const conversations = builder
    .selectFrom("conversations")
    .select(conversationColumns)
    .where("user_id", "=", owner);
  return {
    async get(id) {
      const row = (await database.read(conversations.where("id", "=", id))).rows[0];
      return row === undefined ? undefined : toConversation(row);
    },

    saveTurn(turn) {
      return database.transaction(() => writeTurn(turns, owner, turn));
    },

    async list(page) {
      const after = page.after ? { at: page.after.updatedAt, id: page.after.id } : undefined;
      const { rows } = await database.read(newestFirst(conversations, "updated_at", after, page.limit));
      return {
        conversations: rows.slice(0, page.limit).map(toConversation),
        hasMore: rows.length > page.limit,
      };
    },

    async rename(id, title) {
      const { rows } = await database.write(
        builder
          .updateTable("conversations")
          .set({ title })
          .where("user_id", "=", owner)
          .where("id", "=", id)
          .returning(conversationColumns),
      );
      return rows[0] === undefined ? undefined : toConversation(rows[0]);
    },

    search: (words, limit) => search.search(owner, words, limit),

    async delete(id) {
      const deleted = builder.deleteFrom("conversations").where("user_id", "=", owner).where("id", "=", id);
      return changedAny(await database.write(deleted));
    },
  };
}

/** What an owner does with the messages of a conversation. */
function messageMethods(database: SqlDatabase, search: ConversationSearch, owner: string): MessageMethods {
  const { builder } = database;
  const messages = builder.selectFrom("messages").select(messageColumns).where("user_id", "=", owner);
  return {
    async readMessages(conversationId, page) {
      const { rows } = await database.read(
        messages
          .where("conversation_id", "=", conversationId)
          .where("sequence", ">", page.afterSequence ?? 0)
          .orderBy("sequence")
          .limit(page.limit + 1),
      );
      return { messages: rows.slice(0, page.limit).map(toMessage), hasMore: rows.length > page.limit };
    },

    async readRecentMessages(conversationId, limit) {
      const recent = messages
        .where("conversation_id", "=", conversationId)
        .orderBy("sequence", "desc")
        .limit(limit);
      const { rows } = await database.read(
        builder.selectFrom(recent.as("recent")).selectAll().orderBy("sequence"),
      );
      return rows.map(toMessage);
    },

    async updateMessageMetadata(messageId, metadata) {
      const updated = builder
        .updateTable("messages")
        .set({ metadata: JSON.stringify(metadata), ...search.metadataExtras(metadata) })
        .where("user_id", "=", owner)
        .where("id", "=", messageId);
      return changedAny(await database.write(updated));
    },

    async getMessages(ids) {
      if (ids.length === 0) return [];
      const { rows } = await database.read(messages.where("id", "in", ids));
      const byId = new Map(rows.map((row) => [String(row.id), toMessage(row)]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
  };
}
