// The stream-events port: the messages a server sent on the SSE streams of a 2025-revision MCP
// session, kept for a while so a client whose connection dropped can reconnect (to any node) with
// `Last-Event-ID` and get the rest. Every call takes the session, which is bound to one user: another
// session's events look exactly like missing ones. A session's end (the client's DELETE, or idleness) is
// kept here too, so that every node refuses the session after it, not only the node that held it.

/** One stored event: its place in its stream (1, 2, 3, ...) and the JSON-RPC message, as JSON. */
export interface StreamEvent {
  sequence: number;
  message: string;
}

/** An event to append: the session and stream it belongs to, its JSON-RPC message (JSON), and when it expires. */
export interface NewStreamEvent {
  session: string;
  stream: string;
  message: string;
  /** Epoch milliseconds after which it may be deleted. */
  expiresAt: number;
}

/** Events of the SSE streams of MCP sessions. */
export interface StreamEventStore {
  /**
   * Appends `events` in order, in one transaction (all or none), each to its session's stream; resolves
   * with each one's sequence, one more than its stream's last. Appends must not run concurrently with
   * other appends to the same streams (the writer batches them one after another).
   */
  appendAll(events: readonly NewStreamEvent[]): Promise<number[]>;
  /**
   * The session's events on `stream` from event `sequence` on (that one first), oldest first, at most
   * `limit`; undefined when the session has no event `sequence` there (never stored, another session's,
   * or expired and deleted).
   */
  read(session: string, stream: string, sequence: number, limit: number): Promise<StreamEvent[] | undefined>;
  /** Deletes events (and ends) whose time ran out before `now` (epoch milliseconds); returns how many. */
  deleteExpired(now: number): Promise<number>;
  /** Records that `session` has ended, kept until `keepUntil` (epoch milliseconds); again: no change. */
  end(session: string, keepUntil: number): Promise<void>;
  /** Whether `session` has ended (while its end is kept). */
  ended(session: string): Promise<boolean>;
}
