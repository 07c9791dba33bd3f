// The events of a 2025 session's SSE streams, kept in the store so a client whose connection dropped
// can resume: the MCP SDK's transport stores every message it sends (and the priming event that hands
// the client its first event id) through `sessionEventStore`, and `resumeStream` answers the client's
// `GET` with `Last-Event-ID` on whichever node it reaches, with what followed, until the answer.

import type { ServerResponse } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import type { EventStore, JSONRPCMessage } from "@modelcontextprotocol/server";
import type { SessionSharing } from "../runtime/runtime.ts";
import { sendJsonRpcError } from "./http-responses.ts";
import { whenClosed } from "./when-closed.ts";

/** Where the events of the sessions' streams are kept, shared by every node: the store's stream events, handed over by the runtime. */
export type SessionEventLog = SessionSharing["events"];

/** One kept event: its place in its stream (1, 2, 3, ...) and the JSON-RPC message, as JSON. */
type StreamEvent = NonNullable<Awaited<ReturnType<SessionEventLog["read"]>>>[number];

/** How long events are kept and how a resumed stream waits for more. */
export interface StreamEventOptions {
  /** How long a stream's events are kept after they are sent, in milliseconds. */
  lifetimeMs: number;
  /** How often a resumed stream looks for new events, in milliseconds. */
  pollMs: number;
  /** A resumed stream with no new event for this long ends; the client reconnects with its last id. */
  quietMs: number;
}

/** Keep events an hour; look for more four times a second; end a resumed stream quiet for a minute. */
export const defaultStreamEventOptions: StreamEventOptions = {
  lifetimeMs: 3_600_000,
  pollMs: 250,
  quietMs: 60_000,
};

/** How many events are read at once. */
const pageSize = 100;

/**
 * The SDK event store of one session: events are stored under the session, so an event id of another
 * session (another user's, above all) is not found and resumes nothing. The log keeps a stream's appends
 * in the order they are made (it writes them in batches, one after another), so their sequence is the
 * order they were sent in.
 */
export function sessionEventStore(
  events: SessionEventLog,
  session: string,
  options: Pick<StreamEventOptions, "lifetimeMs">,
  now: () => number = Date.now,
): EventStore {
  return {
    async storeEvent(stream, message) {
      const sequence = await events.append(
        session,
        stream,
        JSON.stringify(message),
        now() + options.lifetimeMs,
      );
      return eventId(stream, sequence);
    },
    async getStreamIdForEventId(id) {
      const position = parseEventId(id);
      if (position === undefined) return undefined;
      const found = await events.read(session, position.stream, position.sequence, 1);
      return found === undefined ? undefined : position.stream;
    },
    async replayEventsAfter(id, { send }) {
      const position = parseEventId(id);
      const page = position && (await events.read(session, position.stream, position.sequence, 1));
      if (position === undefined || page === undefined) throw new Error(`No event ${id} in this session.`);
      for await (const event of eventsAfter(events, session, position))
        if (!isPriming(event.message))
          await send(eventId(position.stream, event.sequence), JSON.parse(event.message) as JSONRPCMessage);
      return position.stream;
    },
  };
}

/** The events stored after `position`, page by page, up to the last one stored now. */
async function* eventsAfter(
  events: SessionEventLog,
  session: string,
  position: { stream: string; sequence: number },
): AsyncGenerator<StreamEvent> {
  let last = position.sequence;
  for (;;) {
    const page = (await events.read(session, position.stream, last, pageSize + 1)) ?? [];
    yield* page.slice(1);
    if (page.length <= pageSize) return;
    last = page.at(-1)?.sequence ?? last;
  }
}

/**
 * Answers a client's `GET` with `Last-Event-ID` in session `session`: an SSE stream of the events
 * stored after it, then each new one as it is stored, until the stream's answer (a JSON-RPC response)
 * has been sent, nothing new came for `quietMs`, or the client goes. An id that is not an event of
 * this session gets 400: the stream cannot be resumed (the session itself is still good).
 */
export async function resumeStream(
  events: SessionEventLog,
  session: string,
  lastEventId: string,
  response: ServerResponse,
  options: StreamEventOptions,
): Promise<void> {
  const position = parseEventId(lastEventId);
  const anchor = position && (await events.read(session, position.stream, position.sequence, 1));
  if (position === undefined || anchor === undefined) {
    sendJsonRpcError(
      response,
      400,
      -32600,
      "Last-Event-ID names no event of this session: it expired, or belongs to another session.",
    );
    return;
  }
  const at = { stream: position.stream, sequence: position.sequence };
  const gone = new AbortController();
  whenClosed(response, () => gone.abort());
  response.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-cache, no-transform",
    "x-accel-buffering": "no",
    "mcp-session-id": session,
  });
  response.flushHeaders();
  // The last event the client has was the answer: nothing follows it.
  if (isResponse(anchor[0]?.message ?? "{}")) return void response.end();
  let heard = performance.now();
  try {
    await follow();
  } catch {
    // The store failed mid-stream: end it; the client reconnects with the last id it got.
  }
  response.end();

  async function follow(): Promise<void> {
    while (!gone.signal.aborted) {
      let sent = false;
      for await (const event of eventsAfter(events, session, at)) {
        at.sequence = event.sequence;
        sent = true;
        if (isPriming(event.message)) continue;
        response.write(
          `event: message\nid: ${eventId(at.stream, event.sequence)}\ndata: ${event.message}\n\n`,
        );
        if (isResponse(event.message)) return;
      }
      if (sent) heard = performance.now();
      else if (performance.now() - heard > options.quietMs) return;
      else await sleep(options.pollMs, undefined, { signal: gone.signal }).catch(() => {});
    }
  }
}

/** The SSE event id of a stream's event: the stream and the event's place in it. */
function eventId(stream: string, sequence: number): string {
  return `${stream}.${sequence}`;
}

function parseEventId(id: string): { stream: string; sequence: number } | undefined {
  const dot = id.lastIndexOf(".");
  const sequence = Number(id.slice(dot + 1));
  if (dot <= 0 || !Number.isSafeInteger(sequence) || sequence < 1) return undefined;
  return { stream: id.slice(0, dot), sequence };
}

/** The SDK's priming event, stored as `{}`: it only hands the client an id, and is not replayed. */
function isPriming(message: string): boolean {
  return message === "{}";
}

function isResponse(message: string): boolean {
  const parsed = JSON.parse(message) as { id?: unknown; method?: unknown; result?: unknown; error?: unknown };
  return parsed.id !== undefined && parsed.method === undefined && ("result" in parsed || "error" in parsed);
}
