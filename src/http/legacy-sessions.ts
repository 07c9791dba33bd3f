// MCP sessions for clients on the 2025 protocol revisions (what most clients run today). Such a
// client cancels a call with a separate `notifications/cancelled` POST; a session (`Mcp-Session-Id`)
// routes that POST to the server instance running the call, so the cancel aborts it. Idle sessions
// expire; a request for an unknown session gets 404, which tells the client to initialize again.
// With a relay (many nodes on one database), notifications for a session held by another node are
// passed on to it, so a cancel that lands on the wrong node still stops the call.

import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { NodeStreamableHTTPServerTransport } from "@modelcontextprotocol/node";
import type { McpServer } from "@modelcontextprotocol/server";
import type { Broadcast } from "../store/broadcast.ts";
import { sendJsonRpcError } from "./http-responses.ts";
import { notificationsOnly, startSessionRelay } from "./session-relay.ts";

/** Session limits. */
export interface SessionOptions {
  /** A session with no request for this long, and none running, is closed. */
  idleMs: number;
  /** Most sessions open at once; a new client beyond it gets 503. */
  maxSessions: number;
}

interface Session {
  transport: NodeStreamableHTTPServerTransport;
  server: McpServer;
  lastActive: number;
  running: number;
  /** The verified user who opened the session; only that user may use it. */
  userId: string | undefined;
}

/** The open sessions of one HTTP server. */
export class LegacySessions {
  readonly #sessions = new Map<string, Session>();
  readonly #createServer: () => McpServer;
  readonly #options: SessionOptions;
  readonly #sweeper: ReturnType<typeof setInterval>;
  #relay: Awaited<ReturnType<typeof startSessionRelay>> | undefined;

  constructor(createServer: () => McpServer, options: SessionOptions) {
    this.#createServer = createServer;
    this.#options = options;
    this.#sweeper = setInterval(() => this.#sweep(), Math.min(60_000, Math.max(1000, options.idleMs / 2)));
    this.#sweeper.unref();
  }

  /** Passes notifications for sessions this node does not hold to the other nodes on `broadcast`. */
  async relayThrough(broadcast: Broadcast): Promise<void> {
    this.#relay = await startSessionRelay(broadcast, (sessionId, userId, messages) => {
      const session = this.#sessions.get(sessionId);
      if (!session || session.userId !== userId) return;
      session.lastActive = performance.now();
      for (const message of messages) session.transport.onmessage?.(message as never);
    });
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
    if (typeof id === "string") {
      const session = this.#sessions.get(id);
      const relayed = session ? undefined : notificationsOnly(body);
      if (
        relayed &&
        this.#relay &&
        request.method === "POST" &&
        (await this.#relay(id, userId, relayed).catch(() => false))
      ) {
        response.writeHead(202).end();
        return;
      }
      if (!session || session.userId !== userId) {
        sendJsonRpcError(
          response,
          404,
          -32001,
          "Session not found: it expired or the server restarted. Initialize a new session.",
        );
        return;
      }
      return this.#serve(session, request, response, body);
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
    const server = this.#createServer();
    const session: Session = {
      server,
      transport: new NodeStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sessionId) => {
          this.#sessions.set(sessionId, session);
        },
        onsessionclosed: (sessionId) => {
          this.#sessions.delete(sessionId);
        },
      }),
      lastActive: performance.now(),
      running: 0,
      userId,
    };
    await server.connect(session.transport);
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
    session.running += 1;
    session.lastActive = performance.now();
    response.once("close", () => {
      session.running -= 1;
      session.lastActive = performance.now();
    });
    await session.transport.handleRequest(request, response, body);
  }

  #sweep(): void {
    const now = performance.now();
    for (const [id, session] of this.#sessions) {
      if (session.running > 0 || now - session.lastActive < this.#options.idleMs) continue;
      this.#sessions.delete(id);
      void session.server.close().catch(() => {});
    }
  }
}

function isInitialize(body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body];
  return messages.some((message) => (message as { method?: unknown } | null)?.method === "initialize");
}
