// The idempotency port on PostgreSQL: entries (written with their turn, see turn-writer.ts) and
// claims. A claim is one upsert that takes the key only when it is free, the holder's, or stale, so
// duplicates arriving on two nodes at once cannot both hold it.

import type { IdempotencyStore } from "../idempotency.ts";
import { toIdempotencyEntry } from "../rows.ts";
import type { PostgresConnection } from "./connection.ts";

/** The idempotency entries and claims of `connection`. */
export function postgresIdempotency(connection: PostgresConnection): IdempotencyStore {
  return {
    async find(owner, key) {
      const row = (
        await connection.query(
          `SELECT user_id, key, tool, fingerprint, conversation_id, conversation_created, user_message_id,
             assistant_message_id, created_at FROM idempotency_records WHERE user_id = $1 AND key = $2`,
          [owner, key],
        )
      ).rows[0];
      return row === undefined ? undefined : toIdempotencyEntry(row);
    },

    async claim(owner, key, holder, now, staleBefore) {
      const row = (
        await connection.query(
          `INSERT INTO idempotency_claims (user_id, key, holder, claimed_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (user_id, key) DO UPDATE SET holder = excluded.holder, claimed_at = excluded.claimed_at
           WHERE idempotency_claims.holder = excluded.holder OR idempotency_claims.claimed_at < $5
           RETURNING holder`,
          [owner, key, holder, now, staleBefore],
        )
      ).rows[0];
      return row?.holder === holder;
    },

    async release(owner, key, holder) {
      await connection.query(
        "DELETE FROM idempotency_claims WHERE user_id = $1 AND key = $2 AND holder = $3",
        [owner, key, holder],
      );
    },
  };
}
