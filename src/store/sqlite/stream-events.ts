// The stream-events port on SQLite.

import type { StreamEvent, StreamEventStore } from "../stream-events.ts";
import type { SqliteConnection } from "./connection.ts";

/** The stream events of `connection`. */
export function sqliteStreamEvents(connection: SqliteConnection): StreamEventStore {
  const { database } = connection;
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
    appendAll(events) {
      return connection.transaction(() =>
        events.map(({ session, stream, message, expiresAt }) =>
          Number(append.get({ session, stream, message, expiresAt })?.sequence),
        ),
      );
    },

    async read(session, stream, sequence, limit) {
      const rows = await connection.read(() => from.all(session, stream, sequence, limit));
      const events = rows.map(
        (row): StreamEvent => ({ sequence: Number(row.sequence), message: String(row.message) }),
      );
      return events[0]?.sequence === sequence ? events : undefined;
    },

    async deleteExpired(now) {
      return Number((await connection.write(() => deleteExpired.run(now))).changes);
    },
  };
}
