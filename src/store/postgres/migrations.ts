// Versioned schema migrations for the PostgreSQL store, recorded in schema_migrations and applied
// under an advisory lock, so any number of nodes starting at once apply each step exactly once.

import type pg from "pg";
import { sharedSteps, sharedTables } from "../sql/tables.ts";

/** One schema step; its position in the list (1-based) is its version. */
export interface PostgresMigration {
  name: string;
  sql: string;
}

/** The lock every node takes while it migrates (an arbitrary constant: "aiu" in ASCII). */
const migrationLock = 0x616975;

/** The tables both backends make alike, in PostgreSQL's words. */
const tables = sharedTables("postgres");

/** The store's schema, oldest step first. Append new steps; never edit one that has shipped. */
export const postgresMigrations: readonly PostgresMigration[] = [
  {
    name: "conversations, messages with search, idempotency, settings, accounts, limits, tasks",
    sql: `
      CREATE TABLE conversations (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        title TEXT,
        message_count INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        last_message_preview TEXT
      );
      CREATE INDEX conversations_by_user_recency ON conversations (user_id, updated_at DESC, id DESC);
      CREATE TABLE messages (
        id TEXT PRIMARY KEY,
        conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
        role TEXT NOT NULL CHECK (role IN ('user', 'assistant', 'system')),
        content TEXT NOT NULL,
        user_id TEXT NOT NULL,
        sequence INTEGER NOT NULL CHECK (sequence >= 1),
        created_at TEXT NOT NULL,
        metadata TEXT NOT NULL DEFAULT '{}',
        search_text TEXT NOT NULL DEFAULT '',
        search tsvector GENERATED ALWAYS AS (to_tsvector('english', search_text)) STORED,
        UNIQUE (conversation_id, sequence)
      );
      CREATE INDEX messages_search ON messages USING GIN (search);
      CREATE INDEX messages_by_owner ON messages (user_id);
      ${tables.idempotencyRecords}
      ${tables.settings}
      ${tables.apiKeys}
      ${tables.spend}
      CREATE TABLE rate_limits (key VARCHAR(255) PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire BIGINT);
      ${tables.tasks}
    `,
  },
  ...sharedSteps(tables),
  {
    // The message's search text was a column of its own, a second copy of every opinion beside the
    // metadata. Now the words are taken from the content and the metadata's answers as the row is
    // written (a snippet rebuilds the text of the few messages a search shows: search-query.ts).
    name: "one stored copy of each opinion: the search words come from the content and the metadata",
    sql: `
      ALTER TABLE messages DROP COLUMN search;
      ALTER TABLE messages DROP COLUMN search_text;
      ALTER TABLE messages ADD COLUMN search tsvector GENERATED ALWAYS AS (
        to_tsvector('english', content) ||
        jsonb_to_tsvector(
          'english',
          jsonb_path_query_array(metadata::jsonb, '$.secondOpinion.primary.response') ||
            jsonb_path_query_array(metadata::jsonb, '$.secondOpinion.secondaryOpinions[*].response'),
          '["string"]'
        )
      ) STORED;
      CREATE INDEX messages_search ON messages USING GIN (search);
    `,
  },
  {
    // A tsvector holds at most 1 MB, and a megabyte of varied words makes more than that: such an answer,
    // or a late opinion joining its turn, could not be stored at all. Search now reads what SQLite's does:
    // the first 64 KiB of the content and of each answer, and 384 KiB of the message at most.
    name: "search reads the first 64 KiB of a message and of each answer, 384 KiB in all",
    sql: `
      DROP INDEX messages_search;
      ALTER TABLE messages DROP COLUMN search;
      CREATE FUNCTION ai_universe_search_words(content text, metadata text) RETURNS tsvector
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
          SELECT to_tsvector('english'::regconfig, left(
            left(content, 65536) || ' ' ||
              coalesce(left(metadata::jsonb #>> '{secondOpinion,primary,response}', 65536), '') || ' ' ||
              coalesce((SELECT string_agg(left(opinion ->> 'response', 65536), ' ')
                        FROM jsonb_array_elements(
                          coalesce(metadata::jsonb #> '{secondOpinion,secondaryOpinions}', '[]'::jsonb)
                        ) AS opinion), ''),
            393216))
        $$;
      ALTER TABLE messages ADD COLUMN search tsvector
        GENERATED ALWAYS AS (ai_universe_search_words(content, metadata)) STORED;
      CREATE INDEX messages_search ON messages USING GIN (search);
    `,
  },
];

/** Applies the steps `pool`'s database has not seen, each in a transaction, under the migration lock. */
export async function applyPostgresMigrations(
  pool: pg.Pool,
  migrations: readonly PostgresMigration[] = postgresMigrations,
): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [migrationLock]);
    // Created only when missing: a database already up to date is opened without a write, so a
    // read-only one (a read-only role, default_transaction_read_only, a replica) still serves reads.
    const recorded = await client.query("SELECT to_regclass('schema_migrations') IS NOT NULL AS present");
    if (recorded.rows[0]?.present !== true) {
      await client.query(
        "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)",
      );
    }
    const applied = Number(
      (await client.query("SELECT coalesce(max(version), 0) AS version FROM schema_migrations")).rows[0]
        ?.version ?? 0,
    );
    if (applied > migrations.length) {
      throw new Error(
        `is at schema version ${applied}, newer than this version of ai-universe knows (${migrations.length}).`,
      );
    }
    let count = 0;
    for (const [index, migration] of migrations.entries()) {
      const version = index + 1;
      if (version <= applied) continue;
      await client.query("BEGIN");
      try {
        await client.query(migration.sql);
        await client.query("INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)", [
          version,
          migration.name,
          new Date().toISOString(),
        ]);
        await client.query("COMMIT");
        count += 1;
      } catch (error) {
        await client.query("ROLLBACK");
        throw new Error(`Migration ${version} (${migration.name}) failed.`, { cause: error });
      }
    }
    return count;
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [migrationLock]).catch(() => {});
    client.release();
  }
}
