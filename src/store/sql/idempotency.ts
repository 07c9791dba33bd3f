// The idempotency port on either backend: entries (written with their turn, see turn-writer.ts) and
// claims. A claim is one upsert that takes the key only when it is free, the holder's, or stale, so
// duplicates arriving at once (on two nodes, or two processes on one file) cannot both hold it.

import { sql } from "kysely";
import type { IdempotencyStore } from "../idempotency.ts";
import { toIdempotencyEntry } from "../rows.ts";
import type { SqlDatabase } from "./database.ts";

/** The idempotency entries and claims of `database`. */
export function sqlIdempotency(database: SqlDatabase): IdempotencyStore {
  const { builder } = database;
  return {
    async find(owner, key) {
      const { rows } = await database.read(
        builder
          .selectFrom("idempotency_records")
          .select(["user_id", "key", "tool", "fingerprint", "conversation_id", "conversation_created"])
          .select(["user_message_id", "assistant_message_id", "created_at"])
          .where("user_id", "=", owner)
          .where("key", "=", key),
      );
      return rows[0] === undefined ? undefined : toIdempotencyEntry(rows[0]);
    },

    async claim(owner, key, holder, now, staleBefore) {
      // One statement both dialects read alike.
      const claimed = sql`INSERT INTO idempotency_claims (user_id, key, holder, claimed_at)
        VALUES (${owner}, ${key}, ${holder}, ${now})
        ON CONFLICT (user_id, key) DO UPDATE SET holder = excluded.holder, claimed_at = excluded.claimed_at
        WHERE idempotency_claims.holder = excluded.holder OR idempotency_claims.claimed_at < ${staleBefore}
        RETURNING holder`;
      return (await database.write(claimed)).rows[0]?.holder === holder;
    },

    async release(owner, key, holder) {
      await database.write(
        builder
          .deleteFrom("idempotency_claims")
          .where("user_id", "=", owner)
          .where("key", "=", key)
          .where("holder", "=", holder),
      );
    },
  };
}
