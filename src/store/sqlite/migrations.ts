// Versioned schema migrations for the SQLite store, tracked with PRAGMA user_version.

import type { DatabaseSync } from "node:sqlite";
import { sharedSteps, sharedTables } from "../sql/tables.ts";
import { sqliteHasFullText } from "./full-text.ts";
import {
  indexRow,
  searchIndexing,
  searchTextColumn,
  searchTextIndexing,
  searchTextOf,
  unindexRow,
} from "./search-index-sql.ts";
import { inWriteTransaction } from "./transaction.ts";

/** One schema step. Its position in the list (1-based) is the version it brings the database to. */
export interface Migration {
  name: string;
  sql: string;
  /** The step on a SQLite without FTS5, where it differs (see full-text.ts). */
  sqlWithoutFullText?: string;
}

/** The tables both backends make alike, in SQLite's words. */
const tables = sharedTables("sqlite");

/** The store's schema, oldest step first. Append new steps; never edit one that has shipped. */
export const schemaMigrations: readonly Migration[] = [
  {
    name: "conversations, messages and idempotency records",
    sql: `
      CREATE TABLE conversations (
        id TEXT PRIMARY KEY,
        user_id TEXT,
        title TEXT,
        message_count INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        last_message_preview TEXT
      ) STRICT;

      CREATE INDEX conversations_by_user_recency
        ON conversations (user_id, updated_at DESC, id DESC);

      CREATE TABLE messages (
        id TEXT PRIMARY KEY,
        conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
        role TEXT NOT NULL CHECK (role IN ('user', 'assistant', 'system')),
        content TEXT NOT NULL,
        user_id TEXT,
        sequence INTEGER NOT NULL CHECK (sequence >= 1),
        created_at TEXT NOT NULL,
        metadata TEXT NOT NULL DEFAULT '{}',
        UNIQUE (conversation_id, sequence)
      ) STRICT;

      ${tables.idempotencyRecords}
    `,
  },
  {
    name: "one owner id for the local user",
    sql: `
      UPDATE conversations SET user_id = 'local' WHERE user_id IS NULL;
      UPDATE messages SET user_id = 'local' WHERE user_id IS NULL;
      UPDATE idempotency_records SET user_id = 'local' WHERE user_id = '';
    `,
  },
  {
    name: "settings (the signing key)",
    sql: tables.settings,
  },
  {
    name: "API keys, spend per user per day, rate-limit counters",
    sql: `
      ${tables.apiKeys}
      ${tables.spend}
      CREATE TABLE rate_limits (
        key TEXT PRIMARY KEY,
        points INTEGER NOT NULL DEFAULT 0,
        expire INTEGER
      );
    `,
  },
  {
    name: "tasks",
    sql: tables.tasks,
  },
  {
    name: "full-text search over messages and every model's opinion",
    sql: `
      CREATE VIRTUAL TABLE message_search USING fts5(
        text,
        conversation_id UNINDEXED,
        user_id UNINDEXED,
        message_id UNINDEXED,
        role UNINDEXED,
        tokenize = 'porter unicode61 remove_diacritics 2'
      );
${searchIndexing}`,
    // A SQLite without FTS5 (Node 22.13 to 22.15): the same columns in a plain table (full-text.ts).
    sqlWithoutFullText: `
      CREATE TABLE message_search (
        text TEXT NOT NULL,
        conversation_id TEXT,
        user_id TEXT,
        message_id TEXT,
        role TEXT
      );
      CREATE INDEX message_search_by_owner ON message_search (user_id);
${searchIndexing}`,
  },
  ...sharedSteps(tables),
  {
    // A late opinion replaces its placeholder in the stored metadata; the search text follows it, and
    // the turns that already hold a late (or stopped) opinion are indexed again.
    name: "late opinions searchable: a message's search text follows its metadata",
    sql: `
      CREATE TRIGGER message_search_update AFTER UPDATE OF metadata ON messages BEGIN
        UPDATE message_search SET text =
          new.content || ' ' ||
            coalesce(json_extract(new.metadata, '$.secondOpinion.primary.response'), '') || ' ' ||
            coalesce((SELECT group_concat(json_extract(value, '$.response'), ' ')
                      FROM json_each(new.metadata, '$.secondOpinion.secondaryOpinions')), '')
        WHERE rowid = new.rowid;
      END;
      UPDATE message_search SET text = (
        SELECT content || ' ' ||
            coalesce(json_extract(metadata, '$.secondOpinion.primary.response'), '') || ' ' ||
            coalesce((SELECT group_concat(json_extract(value, '$.response'), ' ')
                      FROM json_each(metadata, '$.secondOpinion.secondaryOpinions')), '')
        FROM messages WHERE messages.rowid = message_search.rowid
      )
      WHERE rowid IN (
        SELECT rowid FROM messages
        WHERE json_extract(metadata, '$.secondOpinion.primary.late')
           OR EXISTS (SELECT 1 FROM json_each(metadata, '$.secondOpinion.secondaryOpinions')
                      WHERE json_extract(value, '$.late'))
      );
    `,
  },
  {
    // The search index kept its own copy of every message's text, so each opinion was stored twice (in
    // the message's metadata and in the index). Now the index reads its text from the messages when a
    // search needs it (FTS5's external content), and keeps only the words' index. A build without FTS5
    // keeps its plain table (full-text.ts).
    name: "one stored copy of each opinion: the search index reads its text from the messages",
    sql: `
      DROP TRIGGER message_search_insert;
      DROP TRIGGER message_search_delete;
      DROP TRIGGER message_search_update;
      DROP TABLE message_search;
      CREATE VIEW message_search_source AS
        SELECT rowid AS message_rowid, ${searchTextOf("messages")} AS text,
          conversation_id, user_id, id AS message_id, role
        FROM messages;
      CREATE VIRTUAL TABLE message_search USING fts5(
        text, conversation_id UNINDEXED, user_id UNINDEXED, message_id UNINDEXED, role UNINDEXED,
        content = 'message_search_source', content_rowid = 'message_rowid',
        tokenize = 'porter unicode61 remove_diacritics 2'
      );
      INSERT INTO message_search (message_search) VALUES ('rebuild');
      CREATE TRIGGER message_search_insert AFTER INSERT ON messages BEGIN
        ${indexRow("new")}
      END;
      CREATE TRIGGER message_search_delete AFTER DELETE ON messages BEGIN
        ${unindexRow("old")}
      END;
      CREATE TRIGGER message_search_update AFTER UPDATE OF content, metadata ON messages BEGIN
        ${unindexRow("old")}
        ${indexRow("new")}
      END;
    `,
    sqlWithoutFullText: "SELECT 1;",
  },
  {
    name: "search reads a text written with each message: the first 64 KiB of its content and of each answer",
    sql: `${searchTextColumn}${searchTextIndexing}`,
    sqlWithoutFullText: searchTextColumn,
  },
];

/** The database was written by a newer version of the program, whose schema this one does not know. */
export class NewerSchemaError extends Error {
  constructor(found: number, known: number) {
    super(`is at schema version ${found}, newer than this version of ai-universe knows (${known}).`);
    this.name = "NewerSchemaError";
  }
}

/** The version a database has once every step of `migrations` is applied. */
export function readSchemaVersion(database: DatabaseSync): number {
  const row = database.prepare("PRAGMA user_version").get();
  return Number(row?.user_version ?? 0);
}

/**
 * Brings the database up to date: applies, in order, each step it has not seen yet, each in its own
 * transaction together with the version bump. Safe to call on every open and from several processes
 * at once (the version is read again under the write lock). Returns how many steps were applied.
 * Throws when the database is newer than `migrations`, rather than run on a schema it does not know.
 */
export function applyMigrations(
  database: DatabaseSync,
  migrations: readonly Migration[] = schemaMigrations,
  options: { fullText?: boolean } = {},
): number {
  const fullText = options.fullText ?? sqliteHasFullText(database);
  const found = readSchemaVersion(database);
  if (found > migrations.length) {
    throw new NewerSchemaError(found, migrations.length);
  }
  let applied = 0;
  for (const [index, migration] of migrations.entries()) {
    const version = index + 1;
    if (readSchemaVersion(database) >= version) continue;
    inWriteTransaction(database, () => {
      if (readSchemaVersion(database) >= version) return;
      try {
        database.exec(fullText ? migration.sql : (migration.sqlWithoutFullText ?? migration.sql));
      } catch (error) {
        throw new Error(`Migration ${version} (${migration.name}) failed.`, { cause: error });
      }
      database.exec(`PRAGMA user_version = ${version}`);
      applied += 1;
    });
  }
  return applied;
}
