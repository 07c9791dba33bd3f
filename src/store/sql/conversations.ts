// The conversations port on either backend, but for search, which each does its own way (SQLite's FTS5
// index, PostgreSQL's tsvector), and the search words SQLite stores beside a message. The statements a
// request reads and writes by are prepared once per store.

import type { ConversationStore, Message, OwnerConversations, SearchHit } from "../conversations.ts";
import { toConversation, toMessage } from "../rows.ts";
import { changedAny, newestFirst, prepare, type Row, type SqlDatabase } from "./database.ts";
import {
  conversationColumns,
  messageColumns,
  type SearchTextOf,
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

type Owned = { owner: string; id: string };
type Page = { owner: string; rows: number };
type Slot<Name extends string> = (name: Name) => unknown;

/** The statements of the conversations port, prepared for `database`. */
function conversationStatements(database: SqlDatabase) {
  const { builder } = database;
  const conversations = (slot: Slot<"owner">) =>
    builder.selectFrom("conversations").select(conversationColumns).where("user_id", "=", slot("owner"));
  const messages = (slot: Slot<"owner" | "conversation">) =>
    builder
      .selectFrom("messages")
      .select(messageColumns)
      .where("user_id", "=", slot("owner"))
      .where("conversation_id", "=", slot("conversation"));
  const owned = (slot: Slot<"owner" | "id">) =>
    builder.updateTable("conversations").where("user_id", "=", slot("owner")).where("id", "=", slot("id"));
  return {
    get: prepare<Owned>(database, (slot) => conversations(slot).where("id", "=", slot("id"))),
    firstPage: prepare<Page>(database, (slot) =>
      newestFirst(conversations(slot), "updated_at", undefined, slot("rows")),
    ),
    pageAfter: prepare<Page & { at: string; id: string }>(database, (slot) =>
      newestFirst(conversations(slot), "updated_at", { at: slot("at"), id: slot("id") }, slot("rows")),
    ),
    rename: prepare<Owned & { title: string }>(database, (slot) =>
      owned(slot)
        .set({ title: slot("title") })
        .returning(conversationColumns),
    ),
    delete: prepare<Owned>(database, (slot) =>
      builder.deleteFrom("conversations").where("user_id", "=", slot("owner")).where("id", "=", slot("id")),
    ),
    readMessages: prepare<Page & { conversation: string; after: number }>(database, (slot) =>
      messages(slot)
        .where("sequence", ">", slot("after"))
        .orderBy("sequence")
        .limit(slot("rows") as number),
    ),
    readRecentMessages: prepare<Page & { conversation: string }>(database, (slot) => {
      const recent = messages(slot)
        .orderBy("sequence", "desc")
        .limit(slot("rows") as number);
      return builder.selectFrom(recent.as("recent")).selectAll().orderBy("sequence");
    }),
  };
}

type Statements = ReturnType<typeof conversationStatements>;

/** The conversations of `database`, searched by `search`. */
export function sqlConversations(database: SqlDatabase, search: ConversationSearch): ConversationStore {
  const statements = conversationStatements(database);
  const turns = turnStatements(database, search.searchText);
  return {
    of: (owner) => ({
      owner,
      ...conversationMethods(database, statements, owner),
      saveTurn: (turn) => database.transaction(() => writeTurn(turns, owner, turn)),
      search: (words, limit) => search.search(owner, words, limit),
      ...messageMethods(database, statements, search, owner),
    }),
  };
}

type MessageMethods = Pick<
  OwnerConversations,
  "readMessages" | "readRecentMessages" | "updateMessageMetadata" | "getMessages"
>;

/** What an owner does with whole conversations: read, list, rename, delete. */
function conversationMethods(
  database: SqlDatabase,
  statements: Statements,
  owner: string,
): Pick<OwnerConversations, "get" | "list" | "rename" | "delete"> {
  return {
    async get(id) {
      const row = (await database.read(statements.get({ owner, id }))).rows[0];
      return row === undefined ? undefined : toConversation(row);
    },

    async list(page) {
      const rows = page.limit + 1;
      const { after } = page;
      const query = after
        ? statements.pageAfter({ owner, at: after.updatedAt, id: after.id, rows })
        : statements.firstPage({ owner, rows });
      const found = (await database.read(query)).rows;
      return {
        conversations: found.slice(0, page.limit).map(toConversation),
        hasMore: found.length > page.limit,
      };
    },

    async rename(id, title) {
      const row = (await database.write(statements.rename({ owner, id, title }))).rows[0];
      return row === undefined ? undefined : toConversation(row);
    },

    async delete(id) {
      return changedAny(await database.write(statements.delete({ owner, id })));
    },
  };
}

/** What an owner does with the messages of a conversation. */
function messageMethods(
  database: SqlDatabase,
  statements: Statements,
  search: ConversationSearch,
  owner: string,
): MessageMethods {
  const { builder } = database;
  return {
    async readMessages(conversation, page) {
      const after = page.afterSequence ?? 0;
      const query = statements.readMessages({ owner, conversation, after, rows: page.limit + 1 });
      const { rows } = await database.read(query);
      return { messages: rows.slice(0, page.limit).map(toMessage), hasMore: rows.length > page.limit };
    },

    async readRecentMessages(conversation, limit) {
      const query = statements.readRecentMessages({ owner, conversation, rows: limit });
      return (await database.read(query)).rows.map(toMessage);
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
      const query = builder.selectFrom("messages").select(messageColumns).where("user_id", "=", owner);
      const { rows } = await database.read(query.where("id", "in", ids));
      const byId = new Map(rows.map((row) => [String(row.id), toMessage(row)]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
  };
}
