// The idempotency port on SQLite: entries (written with their turn, see turn-writer.ts) and claims.
// A claim is one upsert that takes the key only when it is free, the holder's, or stale.

import type { IdempotencyStore } from "../idempotency.ts";
import { toIdempotencyEntry } from "../rows.ts";
import type { SqliteConnection } from "./connection.ts";

/** The idempotency entries and claims of `connection`. */
export function sqliteIdempotency(connection: SqliteConnection): IdempotencyStore {
  const { database } = connection;
  const find = database.prepare(
    `SELECT user_id, key, tool, fingerprint, conversation_id, conversation_created,
       user_message_id, assistant_message_id, created_at
     FROM idempotency_records WHERE user_id = ? AND key = ?`,
  );
  const claim = database.prepare(
    `INSERT INTO idempotency_claims (user_id, key, holder, claimed_at) VALUES (:owner, :key, :holder, :now)
     ON CONFLICT (user_id, key) DO UPDATE SET holder = excluded.holder, claimed_at = excluded.claimed_at
     WHERE idempotency_claims.holder = excluded.holder OR idempotency_claims.claimed_at < :staleBefore
     RETURNING holder`,
  );
  const release = database.prepare(
    "DELETE FROM idempotency_claims WHERE user_id = ? AND key = ? AND holder = ?",
  );
  return {
    async find(owner, key) {
      const row = await connection.read(() => find.get(owner, key));
      return row === undefined ? undefined : toIdempotencyEntry(row);
    },

    async claim(owner, key, holder, now, staleBefore) {
      const row = await connection.write(() => claim.get({ owner, key, holder, now, staleBefore }));
      return row?.holder === holder;
    },

    async release(owner, key, holder) {
      await connection.write(() => release.run(owner, key, holder));
    },
  };
}
