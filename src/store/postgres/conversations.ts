// The conversations port on PostgreSQL, for many nodes on one database: the shared queries
// (../sql/conversations.ts) with PostgreSQL's search. A turn locks its conversation row, so sequence
// numbers stay gap-free and unique however many nodes write at once; search is a tsvector over each
// message and every model's opinion, which the database derives from the row itself (search-query.ts).

import type { ConversationStore } from "../conversations.ts";
import { sqlConversations } from "../sql/conversations.ts";
import type { SqlDatabase } from "../sql/database.ts";
import type { PostgresConnection } from "./connection.ts";
import { searchMessages } from "./search-query.ts";

/** The conversations of `connection`, whose shared view is `database`. */
export function postgresConversations(
  connection: PostgresConnection,
  database: SqlDatabase,
): ConversationStore {
  return sqlConversations(database, {
    search: (owner, words, limit) => searchMessages(connection, owner, words, limit),
    metadataExtras: () => ({}),
  });
}
