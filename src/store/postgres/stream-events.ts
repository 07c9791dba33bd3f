// The stream-events port on PostgreSQL. A session's end is a row of its own in the same table: the
// stream "" and sequence 0, which no event id can name (event ids have a stream and count from 1).

import type { StreamEventStore } from "../stream-events.ts";
import type { PostgresConnection } from "./connection.ts";

/** The stream events of `connection`. */
export function postgresStreamEvents(connection: PostgresConnection): StreamEventStore {
  return {
    appendAll(events) {
      return connection.transaction(async (client) => {
        const sequences: number[] = [];
        for (const { session, stream, message, expiresAt } of events) {
          const result = await client.query(
            `INSERT INTO stream_events (session_id, stream_id, sequence, message, expires_at)
             SELECT $1, $2, coalesce(max(sequence), 0) + 1, $3, $4
             FROM stream_events WHERE session_id = $1 AND stream_id = $2
             RETURNING sequence`,
            [session, stream, message, expiresAt],
          );
          sequences.push(Number(result.rows[0]?.sequence));
        }
        return sequences;
      });
    },

    async read(session, stream, sequence, limit) {
      const result = await connection.query(
        `SELECT sequence, message FROM stream_events
         WHERE session_id = $1 AND stream_id = $2 AND sequence >= $3
         ORDER BY sequence LIMIT $4`,
        [session, stream, sequence, limit],
      );
      const events = result.rows.map((row) => ({
        sequence: Number(row.sequence),
        message: String(row.message),
      }));
      return events[0]?.sequence === sequence ? events : undefined;
    },

    async deleteExpired(now) {
      return (await connection.query("DELETE FROM stream_events WHERE expires_at < $1", [now])).rowCount ?? 0;
    },

    async end(session, keepUntil) {
      await connection.query(
        `INSERT INTO stream_events (session_id, stream_id, sequence, message, expires_at)
         VALUES ($1, '', 0, 'ended', $2) ON CONFLICT DO NOTHING`,
        [session, keepUntil],
      );
    },

    async ended(session) {
      const result = await connection.query(
        "SELECT 1 FROM stream_events WHERE session_id = $1 AND stream_id = '' AND sequence = 0",
        [session],
      );
      return result.rows.length > 0;
    },
  };
}
