// The stream-events port on SQLite. A session's end is a row of its own in the same table: the stream
// "" and sequence 0, which no event id can name (event ids have a stream and count from 1).

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
  const end = database.prepare(
    `INSERT INTO stream_events (session_id, stream_id, sequence, message, expires_at)
     VALUES (?, '', 0, 'ended', ?) ON CONFLICT DO NOTHING`,
  );
  const ended = database.prepare(
    "SELECT 1 FROM stream_events WHERE session_id = ? AND stream_id = '' AND sequence = 0",
  );
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

    async end(session, keepUntil) {
      await connection.write(() => end.run(session, keepUntil));
    },

    async ended(session) {
      return (await connection.read(() => ended.get(session))) !== undefined;
    },
  };
}
