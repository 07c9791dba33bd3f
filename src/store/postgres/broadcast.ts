// The broadcast port on PostgreSQL, with LISTEN/NOTIFY: one dedicated connection listens on every subscribed channel
// (a pooled connection cannot hold a LISTEN) and reconnects, listening again, when it drops; sending
// is one `pg_notify` on the pool. A message sent while the listener is reconnecting is lost, which is
// what a cancel sent to a node that just lost its database would suffer anyway.

import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import type { Broadcast } from "../broadcast.ts";
import type { PostgresConnection } from "./connection.ts";

const reconnectDelayMs = 1000;

/** A broadcast over the database of `connection`; `close` ends the listener. */
export function postgresBroadcast(connection: PostgresConnection): Broadcast & { close(): Promise<void> } {
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let current: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let closed = false;

  /** Connects and listens on every channel, retrying until it works or the broadcast is closed. */
  const listen = async (): Promise<void> => {
    while (!closed) {
      const client = new pg.Client({ connectionString: connection.url });
      client.on("notification", (message) => {
        for (const deliver of listeners.get(message.channel) ?? []) deliver(message.payload ?? "");
      });
      client.on("error", () => {}); // followed by "end", which reconnects
      try {
        await client.connect();
        for (const channel of listeners.keys()) await client.query(`LISTEN ${quoted(channel)}`);
      } catch {
        await client.end().catch(() => {});
        await sleep(reconnectDelayMs);
        continue;
      }
      // Closed while connecting: this client is nobody's to end but its own.
      if (closed) {
        await client.end().catch(() => {});
        return;
      }
      current = client;
      client.once("end", () => {
        if (current !== client) return;
        current = undefined;
        if (!closed) connecting = sleep(reconnectDelayMs).then(listen);
      });
      return;
    }
  };

  return {
    async publish(channel, payload) {
      await connection.query("SELECT pg_notify($1, $2)", [channel, payload]);
    },
    async subscribe(channel, deliver) {
      listeners.set(channel, new Set([...(listeners.get(channel) ?? []), deliver]));
      connecting ??= listen();
      await connecting;
      await current?.query(`LISTEN ${quoted(channel)}`); // again if it was already listening: harmless
      return () => listeners.get(channel)?.delete(deliver);
    },
    async close() {
      closed = true;
      await current?.end().catch(() => {});
      await connecting?.catch(() => {});
    },
  };
}

/** A channel name as an SQL identifier. */
function quoted(channel: string): string {
  return `"${channel.replaceAll('"', '""')}"`;
}
