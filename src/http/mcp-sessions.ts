// MCP sessions for clients on the 2025 protocol revisions (what most clients run today). A session
// (`Mcp-Session-Id`) lives on the node that opened it, which holds its stream; idle ones expire, and
// an id that is not genuine gets 404, which tells the client to initialize again. Many nodes share the
// work without session affinity: a request for a genuine session another node opened is served here
// as a one-off (and tells that node the session is in use), and notifications (a cancel, above all)
// are broadcast to every node, so they reach the call wherever it runs. A session ended by the
// client's DELETE (on any node) or by idleness is recorded in the store, so every node answers it
// 404 from then on, its stream's events included. A dropped connection does not stop a call: every event sent is kept in the
// store, and the client resumes with `GET` and `Last-Event-ID` on any node (see session-events.ts).

import type { IncomingMessage, ServerResponse } from "node:http";
import { NodeStreamableHTTPServerTransport } from "@modelcontextprotocol/node";
import { type McpServer, SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/server";
import { sendJson, sendJsonRpcError } from "./http-responses.ts";
import {
  defaultStreamEventOptions,
  resumeStream,
  type SessionEventLog,
  type StreamEventOptions,
  sessionEventStore,
} from "./session-events.ts";
import type { SessionIds } from "./session-ids.ts";
import {
  type Deliver,
  notificationsOnly,
  type Relay,
  type RelayChannel,
  startSessionRelay,
} from "./session-relay.ts";
import { whenClosed } from "./when-closed.ts";

/** Session limits and what sessions are shared through. */
export interface SessionOptions {
  /** A session with no request for this long, and none running, is closed. */
  idleMs: number;
  /** Most sessions open at once; a new client beyond it gets 503. */
  maxSessions: number;
  /** Mints and checks session ids (signed with the store's key, so every node can check them). */
  ids: SessionIds;
  /** Carries notifications to the other nodes on the database. */
  broadcast: RelayChannel;
  /** Keeps the events of the sessions' streams, for clients that resume on any node. */
  events: SessionEventLog;
  /** How long events are kept, and how a resumed stream waits for more (default: an hour, 250 ms, 1 min). */
  streamEvents?: StreamEventOptions;
}

/** The reconnection delay the priming event suggests to clients, in milliseconds. */
const retryMs = 1000;

/** The first revision whose clients read an SSE event with empty data: the SDK primes streams from it. */
const primingRevision = "2025-11-25";

interface Session {
  transport: NodeStreamableHTTPServerTransport;
  server: McpServer;
  lastActive: number;
  running: number;
  /** The verified user who opened the session; only that user may use it. */
  userId: string | undefined;
  /** The protocol revision agreed in `initialize`. */
  protocolVersion: string;
  /** The ids of its requests still unanswered (as JSON, so 1 and "1" differ). */
  inFlight: Set<string>;
}

/** A request of a session opened elsewhere, served here; it may receive that session's notifications. */
interface Visit {
  transport: NodeStreamableHTTPServerTransport;
  userId: string | undefined;
}

const unknownSession = "Session not found: it expired or the server restarted. Initialize a new session.";

const endedSession = "Session not found: it was ended or expired. Initialize a new session.";

/** How long a session's end is kept: its id is refused on every node for this long (30 days). */
const endKeptMs = 30 * 24 * 3_600_000;

/** The open sessions of one HTTP server. */
export class McpSessions {
  readonly #sessions = new Map<string, Session>();
  readonly #visits = new Map<string, Set<Visit>>();
  readonly #createServer: () => McpServer;
  readonly #options: SessionOptions;
  readonly #streamEvents: StreamEventOptions;
  readonly #sweeper: ReturnType<typeof setInterval>;
  readonly #relay: Relay;

  private constructor(createServer: () => McpServer, options: SessionOptions, relay: Relay) {
    this.#createServer = createServer;
    this.#options = options;
    this.#streamEvents = options.streamEvents ?? defaultStreamEventOptions;
    this.#relay = relay;
    this.#sweeper = setInterval(() => this.#sweep(), Math.min(60_000, Math.max(1000, options.idleMs / 2)));
    this.#sweeper.unref();
  }

  /** Opens the sessions of one server, listening for notifications relayed by the other nodes. */
  static async open(createServer: () => McpServer, options: SessionOptions): Promise<McpSessions> {
    let deliver: Deliver | undefined;
    const relay = await startSessionRelay(options.broadcast, (id, userId, messages) =>
      deliver?.(id, userId, messages),
    );
    const sessions = new McpSessions(createServer, options, relay);
    deliver = (id, userId, messages) => sessions.#deliver(id, userId, messages);
    return sessions;
  }

  /** How many sessions are open. */
  get size(): number {
    return this.#sessions.size;
  }

  /**
   * Serves a 2025-era request: in its session, or as the `initialize` that opens one. `userId` is the
   * verified caller; a session opened by one user answers another as if it did not exist.
   */
  async handle(
    request: IncomingMessage,
    response: ServerResponse,
    body: unknown,
    userId: string | undefined,
  ): Promise<void> {
    const id = request.headers["mcp-session-id"];
    if (request.method === "POST" && Array.isArray(body) && body.length === 0) {
      sendJsonRpcError(response, 400, -32600, "Invalid Request: an empty batch; send at least one message.");
      return;
    }
    if (typeof id === "string") {
      const session = this.#sessions.get(id);
      const own = session !== undefined && session.userId === userId;
      if (!own && (session || !this.#options.ids.genuine(id, userId))) {
        sendJsonRpcError(response, 404, -32001, unknownSession);
        return;
      }
      if (await this.#options.events.ended(id)) {
        // Ended on another node (or by this one): this node lets go of it too.
        if (session) this.#forget(id, session);
        sendJsonRpcError(response, 404, -32001, endedSession);
        return;
      }
      const lastEventId = request.headers["last-event-id"];
      if (request.method === "GET" && typeof lastEventId === "string" && lastEventId !== "") {
        // Resumed from the store on every node alike, the session's own included: the stream's
        // events are there whichever node sent them.
        if (session) session.lastActive = performance.now();
        return resumeStream(this.#options.events, id, lastEventId, response, this.#streamEvents);
      }
      if (own) return this.#serve(session, request, response, body);
      return this.#visit(id, userId, request, response, body);
    }
    if (request.method !== "POST" || !isInitialize(body)) {
      sendJsonRpcError(
        response,
        400,
        -32600,
        "Bad Request: send initialize first, then every request with its Mcp-Session-Id header.",
      );
      return;
    }
    if (this.#sessions.size >= this.#options.maxSessions) {
      sendJsonRpcError(response, 503, -32603, "Too many open sessions; try again in a minute.");
      return;
    }
    const sessionId = this.#options.ids.mint(userId);
    const server = this.#createServer();
    const session: Session = {
      server,
      transport: new NodeStreamableHTTPServerTransport({
        eventStore: sessionEventStore(this.#options.events, sessionId, this.#streamEvents),
        retryInterval: retryMs,
        sessionIdGenerator: () => sessionId,
        onsessioninitialized: (opened) => {
          this.#sessions.set(opened, session);
        },
        onsessionclosed: async (closed) => {
          this.#sessions.delete(closed);
          await this.#end(closed);
        },
      }),
      lastActive: performance.now(),
      running: 0,
      userId,
      protocolVersion: agreedVersion(body),
      inFlight: new Set(),
    };
    await server.connect(session.transport);
    afterEachAnswer(session.transport, (id) => session.inFlight.delete(JSON.stringify(id)));
    return this.#serve(session, request, response, body);
  }

  /** Closes every session. */
  async close(): Promise<void> {
    clearInterval(this.#sweeper);
    const sessions = [...this.#sessions.values()];
    this.#sessions.clear();
    await Promise.all(sessions.map((session) => session.server.close().catch(() => {})));
  }

  async #serve(
    session: Session,
    request: IncomingMessage,
    response: ServerResponse,
    body: unknown,
  ): Promise<void> {
    session.lastActive = performance.now();
    // The SDK answers a request on the stream of the last request with its id: a second one in flight
    // would leave the first's stream open with no answer coming, so it is refused at once.
    const ids = requestIdsOf(body).map((id) => JSON.stringify(id));
    const taken = ids.filter((id, index) => session.inFlight.has(id) || ids.indexOf(id) !== index);
    if (taken.length > 0) return refuseRepeatedIds(response, body, new Set(taken));
    for (const id of ids) session.inFlight.add(id);
    session.running += 1;
    primeAsAgreed(request, session.protocolVersion);
    whenClosed(response, () => {
      session.running -= 1;
      session.lastActive = performance.now();
    });
    await session.transport.handleRequest(request, response, body);
  }

  /**
   * A request of a session another node opened (or one this node forgot in a restart): notifications
   * go to every node, a request is served here by a server of its own; its stream stays with the node
   * that opened the session.
   */
  async #visit(
    id: string,
    userId: string | undefined,
    request: IncomingMessage,
    response: ServerResponse,
    body: unknown,
  ): Promise<void> {
    if (request.method === "DELETE") {
      // Ended for every node; the node that holds it lets go of it at its next request or sweep.
      await this.#end(id);
      response.writeHead(200).end();
      return;
    }
    if (request.method !== "POST") {
      response.writeHead(405, { allow: "POST, DELETE" }).end(); // the session's stream is on another node
      return;
    }
    // The node that holds the session counts this as activity, so it does not end it as idle.
    void this.#relay(id, userId, []).catch(() => {});
    const notifications = notificationsOnly(body);
    if (notifications) {
      const sent = await this.#relay(id, userId, notifications).catch(() => false);
      if (sent) response.writeHead(202).end();
      else sendJsonRpcError(response, 503, -32603, "The notification could not be passed on; send it again.");
      return;
    }
    const server = this.#createServer();
    const transport = new NodeStreamableHTTPServerTransport({
      eventStore: sessionEventStore(this.#options.events, id, this.#streamEvents),
      retryInterval: retryMs,
    });
    const visit: Visit = { transport, userId };
    const visits = this.#visits.get(id) ?? new Set<Visit>();
    this.#visits.set(id, visits.add(visit));
    // The server lives until the client has gone and every request has its answer: a dropped
    // connection does not stop the call, whose events the client can resume from the store.
    const unanswered = new Set(requestIdsOf(body));
    let connected = true;
    const end = () => {
      if (connected || unanswered.size > 0 || !visits.delete(visit)) return;
      if (visits.size === 0) this.#visits.delete(id);
      void server.close().catch(() => {});
    };
    whenClosed(response, () => {
      connected = false;
      end();
    });
    await server.connect(transport);
    afterEachAnswer(transport, (answered) => {
      unanswered.delete(answered);
      end();
    });
    await transport.handleRequest(request, response, body);
  }

  /** Hands notifications relayed for session `id` to where its calls run on this node, for that user. */
  #deliver(id: string, userId: string | undefined, messages: unknown[]): void {
    const session = this.#sessions.get(id);
    const targets = [...(this.#visits.get(id) ?? [])].filter((visit) => visit.userId === userId);
    if (session !== undefined && session.userId === userId) {
      session.lastActive = performance.now();
      targets.push(session);
    }
    for (const target of targets)
      for (const message of messages) target.transport.onmessage?.(message as never);
  }

  #sweep(): void {
    void this.#options.events.deleteExpired(Date.now()).catch(() => {});
    const now = performance.now();
    for (const [id, session] of this.#sessions) {
      if (session.running > 0 || now - session.lastActive < this.#options.idleMs) continue;
      this.#forget(id, session);
      void this.#end(id);
    }
  }

  /** Closes this node's hold of session `id` (its end is recorded elsewhere). */
  #forget(id: string, session: Session): void {
    if (this.#sessions.get(id) === session) this.#sessions.delete(id);
    void session.server.close().catch(() => {});
  }

  /** Records that session `id` has ended, for every node; a store that fails leaves it to this node. */
  async #end(id: string): Promise<void> {
    await this.#options.events.end(id, Date.now() + endKeptMs).catch(() => {});
  }
}

/** The revision `initialize` asked for, when the server has it ("" otherwise: the header then decides). */
function agreedVersion(body: unknown): string {
  const messages = Array.isArray(body) ? body : [body];
  const asked = messages.find((message) => message?.method === "initialize")?.params?.protocolVersion;
  return SUPPORTED_PROTOCOL_VERSIONS.includes(asked) ? asked : "";
}

/**
 * The SDK primes a stream (an event with an id and no data, and the `retry` delay) only when the
 * request's `MCP-Protocol-Version` header is 2025-11-25 or newer, since older clients choke on empty
 * events. A client that agreed to 2025-11-25 in `initialize` reads them, whatever a later header says
 * (the conformance suite sends 2025-03-26 on such a session), so its requests carry the agreed one.
 */
function primeAsAgreed(request: IncomingMessage, agreed: string): void {
  const header = request.headers["mcp-protocol-version"];
  if (agreed >= primingRevision && typeof header === "string" && header < primingRevision)
    request.headers["mcp-protocol-version"] = agreed;
}

/** Calls `answered` with the request id of every answer `transport` sends, once it is sent (or failed). */
function afterEachAnswer(
  transport: NodeStreamableHTTPServerTransport,
  answered: (id: unknown) => void,
): void {
  const send = transport.send.bind(transport);
  transport.send = async (message, options) => {
    try {
      await send(message, options);
    } finally {
      if ("id" in message && !("method" in message)) answered(message.id);
    }
  };
}

/**
 * Answers a POST that repeats the id of a request in flight in its session (or repeats one within
 * itself) at once, as JSON: an error for each of its requests, the repeated ones saying so; none is
 * served, and the request already in flight goes on.
 */
function refuseRepeatedIds(response: ServerResponse, body: unknown, repeated: ReadonlySet<string>): void {
  const answers = requestIdsOf(body).map((id) => ({
    jsonrpc: "2.0",
    id,
    error: {
      code: -32600,
      message: repeated.has(JSON.stringify(id))
        ? "Invalid Request: a request with this id is already in flight in this session; give each request a new id."
        : "Invalid Request: not served, as its batch repeats the id of a request in flight; send it again with unique ids.",
    },
  }));
  sendJson(response, 200, Array.isArray(body) ? answers : answers[0]);
}

/** The ids of the requests (not notifications) in a POST body. */
function requestIdsOf(body: unknown): unknown[] {
  const messages = (Array.isArray(body) ? body : [body]) as { id?: unknown; method?: unknown }[];
  return messages
    .filter((message) => message?.method !== undefined && message.id !== undefined)
    .map((message) => message.id);
}

function isInitialize(body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body];
  return messages.some((message) => (message as { method?: unknown } | null)?.method === "initialize");
}
