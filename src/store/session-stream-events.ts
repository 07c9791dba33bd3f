// How the 2025 sessions' streams keep their events: every event appended in the same moment, across all
// sessions and streams, is written in one transaction (one commit, one flush to disk, rather than one per
// progress event), the next batch only once the last is written, so a stream's events keep their order.
// While the store cannot be written (a read-only file, a full disk, a read-only PostgreSQL role) a
// stream's events are kept in this process instead, so a session still opens, answers and resumes on the
// node that holds it; only resuming on another node is lost, and `degradedReason` says so (for /health).
// A stream that fell back stays in memory to its end, so its sequence never forks between the two places.
// What is kept in memory is bounded (64 MiB of text across every stream): past it, the oldest events go,
// and `degradedReason` says how many, for as long as streams are kept here. Once the store takes writes
// again, new streams are durable again and the degraded state ends.

import type { NewStreamEvent, StreamEvent, StreamEventStore } from "./stream-events.ts";

/** The events of the sessions' streams: appended in batches, in memory while the store refuses them. */
export interface SessionStreamEvents {
  /** Appends `message` to the session's stream; resolves with its sequence once it is kept. */
  append(session: string, stream: string, message: string, expiresAt: number): Promise<number>;
  read: StreamEventStore["read"];
  deleteExpired: StreamEventStore["deleteExpired"];
  /** Records that `session` has ended (in this process, while the store refuses the write). */
  end: StreamEventStore["end"];
  /** Whether `session` has ended; a store that cannot be read refuses no session. */
  ended: StreamEventStore["ended"];
  /** Why events are kept in this process only, or undefined while they are durable. */
  degradedReason(): string | undefined;
}

/** One stream kept in memory: its events, oldest first, each with when it expires, and its last sequence. */
interface MemoryStream {
  events: (StreamEvent & { expiresAt: number })[];
  last: number;
}

/** An append waiting for its batch. */
interface Pending {
  event: NewStreamEvent;
  settle: (sequence: number) => void;
}

/** Most events kept in memory per stream: a stream's answer is its last event, long before this. */
const maxEventsPerStream = 10_000;

/** Most text (characters) the streams kept in memory hold together: past it, the oldest events go. */
export const maxKeptCharacters = 64 * 1024 * 1024;

/** How many streams' last durable sequences are remembered, for a stream that falls back mid-way. */
const maxRememberedStreams = 10_000;

/** Most events written in one transaction. */
const maxBatch = 500;

/** Streams kept in this process, and the last durable sequence of each stream appended lately. */
interface MemoryStreams {
  streams: Map<string, MemoryStream>;
  /** Keeps `event` in memory; returns its sequence, continuing from the stream's last durable one. */
  keep(event: NewStreamEvent): number;
  /** Remembers that `event` was written to the store with `sequence`. */
  remember(event: NewStreamEvent, sequence: number): void;
  /** Drops the events that expired before `now`; returns how many. */
  expire(now: number): number;
  /** How many events were dropped to keep within {@link maxKeptCharacters}, while streams are kept here. */
  dropped(): number;
}

const keyOf = (session: string, stream: string) => `${session}\u0000${stream}`;

function memoryStreams(): MemoryStreams {
  const streams = new Map<string, MemoryStream>();
  const lastDurable = new Map<string, number>();
  let characters = 0;
  let dropped = 0;
  /** Drops the oldest events, oldest stream first, until the text kept is within bounds. */
  const bound = () => {
    for (const kept of streams.values()) {
      while (characters > maxKeptCharacters && kept.events.length > 0) {
        characters -= kept.events.shift()?.message.length ?? 0;
        dropped += 1;
      }
      if (characters <= maxKeptCharacters) return;
    }
  };
  return {
    streams,
    keep({ session, stream, message, expiresAt }) {
      const key = keyOf(session, stream);
      const kept = streams.get(key) ?? { events: [], last: lastDurable.get(key) ?? 0 };
      streams.set(key, kept);
      kept.last += 1;
      kept.events.push({ sequence: kept.last, message, expiresAt });
      characters += message.length;
      if (kept.events.length > maxEventsPerStream) characters -= kept.events.shift()?.message.length ?? 0;
      bound();
      lastDurable.delete(key);
      return kept.last;
    },
    remember(event, sequence) {
      const key = keyOf(event.session, event.stream);
      lastDurable.delete(key);
      lastDurable.set(key, sequence);
      // The oldest streams are long answered: their last sequences are no longer needed.
      for (const oldest of lastDurable.keys()) {
        if (lastDurable.size <= maxRememberedStreams) break;
        lastDurable.delete(oldest);
      }
    },
    expire(now) {
      let expired = 0;
      for (const [key, kept] of streams) {
        const live = kept.events.filter((event) => event.expiresAt >= now);
        expired += kept.events.length - live.length;
        characters -= kept.events.reduce((sum, event) => sum + event.message.length, 0);
        characters += live.reduce((sum, event) => sum + event.message.length, 0);
        kept.events = live;
        if (live.length === 0) streams.delete(key);
      }
      if (streams.size === 0) dropped = 0;
      return expired;
    },
    dropped: () => dropped,
  };
}

/** Appends in batches: everything appended before the next turn of the event loop in one write. */
interface BatchWriter {
  append(event: NewStreamEvent): Promise<number>;
  /** Why the last batch was refused, or undefined once one has been written. */
  reason(): string | undefined;
}

function batchWriter(
  durable: StreamEventStore,
  memory: MemoryStreams,
  onDegraded: (reason: string) => void,
): BatchWriter {
  let reason: string | undefined;
  let queue: Pending[] = [];
  let writing = false;

  /** Writes what is queued, batch after batch, until nothing is left. */
  async function write(): Promise<void> {
    writing = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      try {
        const sequences = await durable.appendAll(batch.map((pending) => pending.event));
        batch.forEach((pending, index) => {
          const sequence = sequences[index] ?? 0;
          memory.remember(pending.event, sequence);
          pending.settle(sequence);
        });
        reason = undefined;
      } catch (error) {
        if (reason === undefined) {
          reason = `stream events are kept in this process only (the store refused a write), so a dropped stream resumes on this node alone: ${(error as Error)?.message ?? error}`;
          onDegraded(reason);
        }
        for (const pending of batch) pending.settle(memory.keep(pending.event));
      }
    }
    writing = false;
  }

  return {
    append(event) {
      return new Promise<number>((settle) => {
        queue.push({ event, settle });
        if (!writing && queue.length === 1) setImmediate(() => void write());
      });
    },
    reason: () => reason,
  };
}

/**
 * The session streams' events over `durable`: a batch it refuses puts its streams in memory (each
 * continuing from the last durable sequence this process appended), and `onDegraded` is called once with
 * the reason. Reads join a stream's part in the store with its part in memory; a read the store fails is
 * a miss.
 */
export function sessionStreamEvents(
  durable: StreamEventStore,
  onDegraded: (reason: string) => void,
): SessionStreamEvents {
  const memory = memoryStreams();
  const writer = batchWriter(durable, memory, onDegraded);
  /** Sessions ended while the store refused the write, with when their end may be forgotten. */
  const endedHere = new Map<string, number>();

  return {
    append(session, stream, message, expiresAt) {
      const event = { session, stream, message, expiresAt };
      if (memory.streams.has(keyOf(session, stream))) return Promise.resolve(memory.keep(event));
      return writer.append(event);
    },

    async read(session, stream, sequence, limit) {
      const kept = memory.streams.get(keyOf(session, stream))?.events ?? [];
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
      for (const [session, keepUntil] of endedHere) if (keepUntil < now) endedHere.delete(session);
      return memory.expire(now) + (await durable.deleteExpired(now).catch(() => 0));
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

    degradedReason() {
      const dropped = memory.dropped();
      if (dropped === 0) return writer.reason();
      const reason =
        writer.reason() ?? "stream events were kept in this process only (the store refused a write)";
      return `${reason}; ${dropped} of the oldest were dropped to keep them within ${maxKeptCharacters / 1024 / 1024} MiB, so a stream cannot be resumed from before them`;
    },
  };
}
