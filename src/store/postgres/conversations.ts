// The conversations port on PostgreSQL, for many nodes on one database. A turn locks its conversation
// row, so sequence numbers stay gap-free and unique however many nodes write at once; search is a
// tsvector over each message and every model's opinion (search-query.ts).

import type { ConversationStore, OwnerConversations } from "../conversations.ts";
import { toConversation, toMessage } from "../rows.ts";
import type { PostgresConnection } from "./connection.ts";
import { searchMessages } from "./search-query.ts";
import { conversationColumns, messageColumns, writeTurn } from "./turn-writer.ts";

/** The conversations of `connection`. */
export function postgresConversations(connection: PostgresConnection): ConversationStore {
  return {
    of: (owner) => ({
      owner,
      ...conversationMethods(connection, owner),
      ...messageMethods(connection, owner),
    }),
  };
}

type MessageMethods = Pick<
  OwnerConversations,
  "readMessages" | "readRecentMessages" | "updateMessageMetadata" | "getMessages"
>;

/** What an owner does with whole conversations: read, list, rename, search, delete, and save a turn. */
function conversationMethods(
  connection: PostgresConnection,
  owner: string,
): Omit<OwnerConversations, "owner" | keyof MessageMethods> {
  return {
    async get(id) {
      const row = (
        await connection.query(
          `SELECT ${conversationColumns} FROM conversations WHERE user_id = $1 AND id = $2`,
          [owner, id],
        )
      ).rows[0];
      return row === undefined ? undefined : toConversation(row);
    },

    saveTurn(turn) {
      return connection.transaction((client) => writeTurn(client, owner, turn));
    },

    async list(page) {
      const after = page.after ? { at: page.after.updatedAt, id: page.after.id } : undefined;
      const select = `SELECT ${conversationColumns} FROM conversations`;
      const rows = await connection.keysetRows(select, "updated_at", owner, after, page.limit);
      return {
        conversations: rows.slice(0, page.limit).map(toConversation),
        hasMore: rows.length > page.limit,
      };
    },

    async rename(id, title) {
      const row = (
        await connection.query(
          `UPDATE conversations SET title = $1 WHERE user_id = $2 AND id = $3 RETURNING ${conversationColumns}`,
          [title, owner, id],
        )
      ).rows[0];
      return row === undefined ? undefined : toConversation(row);
    },

    search(words, limit) {
      return searchMessages(connection, owner, words, limit);
    },

    async delete(id) {
      const result = await connection.query("DELETE FROM conversations WHERE user_id = $1 AND id = $2", [
        owner,
        id,
      ]);
      return (result.rowCount ?? 0) > 0;
    },
  };
}

/** What an owner does with the messages of a conversation. */
function messageMethods(connection: PostgresConnection, owner: string): MessageMethods {
  return {
    async readMessages(conversationId, page) {
      const rows = (
        await connection.query(
          `SELECT ${messageColumns} FROM messages WHERE user_id = $1 AND conversation_id = $2 AND sequence > $3
           ORDER BY sequence LIMIT $4`,
          [owner, conversationId, page.afterSequence ?? 0, page.limit + 1],
        )
      ).rows;
      return { messages: rows.slice(0, page.limit).map(toMessage), hasMore: rows.length > page.limit };
    },

    async readRecentMessages(conversationId, limit) {
      const rows = (
        await connection.query(
          `SELECT * FROM (SELECT ${messageColumns} FROM messages WHERE user_id = $1 AND conversation_id = $2
             ORDER BY sequence DESC LIMIT $3) AS recent ORDER BY sequence`,
          [owner, conversationId, limit],
        )
      ).rows;
      return rows.map(toMessage);
    },

    async updateMessageMetadata(messageId, metadata) {
      // The search words follow the new metadata, so a late opinion is found like the others.
      const result = await connection.query(
        "UPDATE messages SET metadata = $3::text WHERE user_id = $1 AND id = $2",
        [owner, messageId, JSON.stringify(metadata)],
      );
      return (result.rowCount ?? 0) > 0;
    },

    async getMessages(ids) {
      if (ids.length === 0) return [];
      const rows = (
        await connection.query(`SELECT ${messageColumns} FROM messages WHERE user_id = $1 AND id = ANY($2)`, [
          owner,
          ids,
        ])
      ).rows;
      const byId = new Map(rows.map((row) => [String(row.id), toMessage(row)]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
  };
}
