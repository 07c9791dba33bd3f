// The stream-events port on either backend. A session's end is a row of its own in the same table: the
// stream "" and sequence 0, which no event id can name (event ids have a stream and count from 1).

import { sql } from "kysely";
import type { StreamEvent, StreamEventStore } from "../stream-events.ts";
import type { SqlDatabase } from "./database.ts";

/** The stream events of `database`. */
export function sqlStreamEvents(database: SqlDatabase): StreamEventStore {
  const { builder } = database;
  const ends = (session: string) =>
    builder.selectFrom("stream_events").where("session_id", "=", session).where("stream_id", "=", "");
  return {
    appendAll(events) {
      return database.transaction(function* () {
        const sequences: number[] = [];
        for (const { session, stream, message, expiresAt } of events) {
          const { rows } =
            yield sql`INSERT INTO stream_events (session_id, stream_id, sequence, message, expires_at)
            SELECT ${session}, ${stream}, coalesce(max(sequence), 0) + 1, ${message}, ${expiresAt}
            FROM stream_events WHERE session_id = ${session} AND stream_id = ${stream}
            RETURNING sequence`;
          sequences.push(Number(rows[0]?.sequence));
        }
        return sequences;
      });
    },

    async read(session, stream, sequence, limit) {
      const { rows } = await database.read(
        builder
          .selectFrom("stream_events")
          .select(["sequence", "message"])
          .where("session_id", "=", session)
          .where("stream_id", "=", stream)
          .where("sequence", ">=", sequence)
          .orderBy("sequence")
          .limit(limit),
      );
      const events = rows.map(
        (row): StreamEvent => ({ sequence: Number(row.sequence), message: String(row.message) }),
      );
      return events[0]?.sequence === sequence ? events : undefined;
    },

    async deleteExpired(now) {
      return (await database.write(builder.deleteFrom("stream_events").where("expires_at", "<", now)))
        .changes;
    },

    async end(session, keepUntil) {
      const end = {
        session_id: session,
        stream_id: "",
        sequence: 0,
        message: "ended",
        expires_at: keepUntil,
      };
      await database.write(
        builder
          .insertInto("stream_events")
          .values(end)
          .onConflict((conflict) => conflict.doNothing()),
      );
    },

    async ended(session) {
      return (
        (await database.read(ends(session).select(sql.lit(1).as("ended")).where("sequence", "=", 0))).rows
          .length > 0
      );
    },
  };
}
