// The broadcast port: short messages from one process to every process on the same database, so a
// request that lands on one node can reach work running on another (a 2025 client's cancel sent to
// the wrong node, for example). PostgreSQL carries them with LISTEN/NOTIFY (postgres/broadcast.ts);
// SQLite serves one node, so its messages stay in the process (sqlite/broadcast.ts).

/** The longest payload a message may carry (PostgreSQL's NOTIFY takes under 8,000 bytes). */
export const maxBroadcastBytes = 7000;

/** Messages to every process on the database, this one included. */
export interface Broadcast {
  /** Sends `payload` (at most {@link maxBroadcastBytes}) on `channel`. */
  publish(channel: string, payload: string): Promise<void>;
  /** Calls `listener` with every payload sent on `channel` from now on; resolves with a stop function. */
  subscribe(channel: string, listener: (payload: string) => void): Promise<() => void>;
}
