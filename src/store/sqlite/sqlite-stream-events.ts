// The stream-events part of the SQLite store: its statements and methods.

import type { DatabaseSync } from "node:sqlite";
import type { StreamEvent, StreamEventStore } from "../stream-events.ts";

/** Runs a statement, waiting for another program's lock on a timer. */
type Access = <T>(work: () => T) => Promise<T>;

/** The stream-event methods of the store, over `database` (migrated). */
export function sqliteStreamEvents(database: DatabaseSync, read: Access, write: Access): StreamEventStore {
  const append = database.prepare(
    `INSERT INTO stream_events (session_id, stream_id, sequence, message, expires_at)
     SELECT :session, :stream, coalesce(max(sequence), 0) + 1, :message, :expiresAt
     FROM stream_events WHERE session_id = :session AND stream_id = :stream
     RETURNING sequence`,
  );
  const from = database.prepare(
    `SELECT sequence, message FROM stream_events WHERE session_id = ? AND stream_id = ? AND sequence >= ?
     ORDER BY sequence LIMIT ?`,
  );
  const deleteExpired = database.prepare("DELETE FROM stream_events WHERE expires_at < ?");
  return {
    async appendStreamEvent(session, stream, message, expiresAt) {
      const row = await write(() => append.get({ session, stream, message, expiresAt }));
      return Number(row?.sequence);
    },

    async readStreamEvents(session, stream, sequence, limit) {
      const rows = await read(() => from.all(session, stream, sequence, limit));
      const events = rows.map(
        (row): StreamEvent => ({ sequence: Number(row.sequence), message: String(row.message) }),
      );
      return events[0]?.sequence === sequence ? events : undefined;
    },

    async deleteExpiredStreamEvents(now) {
      return Number((await write(() => deleteExpired.run(now))).changes);
    },
  };
}
