// The stream-events port with a memory fallback: while the store cannot be written (a read-only file,
// a full disk, a read-only PostgreSQL role), a stream's events are kept in this process instead, so a
// 2025-revision session still opens, answers and resumes on the node that holds it. Only resuming on
// another node is lost, and `degradedReason` says so (for /health). A stream that fell back stays in
// memory to its end, so its sequence never forks between the two places. Once the store takes writes
// again, new streams are durable again and the degraded state ends (said again if it comes back).

import type { StreamEvent, StreamEventStore } from "./stream-events.ts";

/** Stream events that fall back to memory when the store refuses a write. */
export interface FallbackStreamEvents extends StreamEventStore {
  /** Why events are kept in this process only, or undefined while they are durable. */
  degradedReason(): string | undefined;
}

/** One stream kept in memory: its events, oldest first, each with when it expires. */
interface MemoryStream {
  events: (StreamEvent & { expiresAt: number })[];
}

/** Most events kept in memory per stream: a stream's answer is its last event, long before this. */
const maxEventsPerStream = 10_000;

/** How many streams' last durable sequences are remembered, for a stream that falls back mid-way. */
const maxRememberedStreams = 10_000;

/**
 * Wraps `durable`: an append it refuses puts that stream in memory (the sequence continues from the last
 * durable one this process appended), and `onDegraded` is called once with the reason. Reads join the
 * store's part of a stream with the part in memory; a read the store fails is a miss.
 */
export function streamEventsWithFallback(
  durable: StreamEventStore,
  onDegraded: (reason: string) => void,
): FallbackStreamEvents {
  const memory = new Map<string, MemoryStream>();
  /** Sessions ended while the store refused the write, with when their end may be forgotten. */
  const endedHere = new Map<string, number>();
  const lastDurable = new Map<string, number>();
  let reason: string | undefined;
  const keyOf = (session: string, stream: string) => `${session}\u0000${stream}`;

  function keep(key: string, message: string, expiresAt: number): number {
    const kept = memory.get(key) ?? { events: [] };
    memory.set(key, kept);
    const sequence = (kept.events.at(-1)?.sequence ?? lastDurable.get(key) ?? 0) + 1;
    kept.events.push({ sequence, message, expiresAt });
    if (kept.events.length > maxEventsPerStream) kept.events.shift();
    lastDurable.delete(key);
    return sequence;
  }

  return {
    async append(session, stream, message, expiresAt) {
      const key = keyOf(session, stream);
      if (memory.has(key)) return keep(key, message, expiresAt);
      try {
        const sequence = await durable.append(session, stream, message, expiresAt);
        lastDurable.delete(key);
        lastDurable.set(key, sequence);
        // The oldest streams are long answered: their last sequences are no longer needed.
        for (const oldest of lastDurable.keys()) {
          if (lastDurable.size <= maxRememberedStreams) break;
          lastDurable.delete(oldest);
        }
        reason = undefined;
        return sequence;
      } catch (error) {
        if (reason === undefined) {
          reason = `stream events are kept in this process only (the store refused a write), so a dropped stream resumes on this node alone: ${(error as Error)?.message ?? error}`;
          onDegraded(reason);
        }
        return keep(key, message, expiresAt);
      }
    },

    async read(session, stream, sequence, limit) {
      const kept = memory.get(keyOf(session, stream))?.events ?? [];
      const inMemory = kept
        .filter((event) => event.sequence >= sequence)
        .map((event) => ({ sequence: event.sequence, message: event.message }));
      // A stream that fell back mid-way has its start in the store and its rest here.
      const stored =
        kept.length > 0 && sequence >= (kept[0]?.sequence ?? 0)
          ? []
          : ((await durable.read(session, stream, sequence, limit).catch(() => undefined)) ?? []);
      const events = [...stored, ...inMemory].slice(0, limit);
      return events[0]?.sequence === sequence ? events : undefined;
    },

    async deleteExpired(now) {
      let deleted = 0;
      for (const [session, keepUntil] of endedHere) if (keepUntil < now) endedHere.delete(session);
      for (const [key, kept] of memory) {
        const before = kept.events.length;
        kept.events = kept.events.filter((event) => event.expiresAt >= now);
        deleted += before - kept.events.length;
        if (kept.events.length === 0) memory.delete(key);
      }
      return deleted + (await durable.deleteExpired(now).catch(() => 0));
    },

    async end(session, keepUntil) {
      try {
        await durable.end(session, keepUntil);
      } catch {
        endedHere.set(session, keepUntil);
      }
    },

    async ended(session) {
      if (endedHere.has(session)) return true;
      // A store that cannot be read refuses no session: the node that holds it still serves it.
      return durable.ended(session).catch(() => false);
    },

    degradedReason: () => reason,
  };
}
