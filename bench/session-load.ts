// The load most MCP clients put on a server today: 2025-revision sessions (SDK v1), each calling
// agent.second_opinion with a progress token, the answer read to the end of its event stream. Each
// session is opened once (initialize, then initialized); a batch sends one call on every session at once.

import { Agent, request } from "node:http";

const revision = "2025-06-18";

/** One answered POST: its status, session id header and body. */
interface Answer {
  status: number;
  session: string | undefined;
  body: string;
}

/** Sessions on one server's /mcp, over their own keep-alive connections. */
export class SessionLoad {
  #agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  #sessions: string[] = [];
  #id = 0;

  readonly endpoint: URL;

  constructor(endpoint: URL) {
    this.endpoint = endpoint;
  }

  /** Opens `count` sessions. */
  async open(count: number): Promise<void> {
    this.#sessions = await Promise.all(Array.from({ length: count }, () => this.#session()));
  }

  /** One call on every session at once, each with a progress token; rejects when any is not answered. */
  async batch(): Promise<{ wallMs: number }> {
    const started = performance.now();
    const answers = await Promise.all(this.#sessions.map((session) => this.#call(session)));
    const failed = answers.find((answer) => answer.status !== 200 || !answer.body.includes('"result"'));
    if (failed)
      throw new Error(`a 2025 session's call failed: ${failed.status} ${failed.body.slice(0, 300)}`);
    return { wallMs: performance.now() - started };
  }

  close(): void {
    this.#agent.destroy();
  }

  async #session(): Promise<string> {
    const opened = await this.#post({
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: { protocolVersion: revision, capabilities: {}, clientInfo: { name: "bench", version: "1" } },
    });
    if (!opened.session)
      throw new Error(`initialize gave no session: ${opened.status} ${opened.body.slice(0, 300)}`);
    await this.#post({ jsonrpc: "2.0", method: "notifications/initialized" }, opened.session);
    return opened.session;
  }

  #call(session: string): Promise<Answer> {
    this.#id += 1;
    return this.#post(
      {
        jsonrpc: "2.0",
        id: this.#id,
        method: "tools/call",
        params: {
          name: "agent.second_opinion",
          arguments: { question: `Benchmark question ${this.#id}?` },
          _meta: { progressToken: `progress-${this.#id}` },
        },
      },
      session,
    );
  }

  #post(body: object, session?: string): Promise<Answer> {
    const data = JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const sent = request(
        this.endpoint,
        {
          method: "POST",
          agent: this.#agent,
          headers: {
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
            "content-length": Buffer.byteLength(data),
            ...(session ? { "mcp-session-id": session, "mcp-protocol-version": revision } : {}),
          },
        },
        (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => {
            text += chunk;
          });
          response.on("end", () => {
            const id = response.headers["mcp-session-id"];
            resolve({
              status: response.statusCode ?? 0,
              session: typeof id === "string" ? id : undefined,
              body: text,
            });
          });
          response.on("error", reject);
        },
      );
      sent.on("error", reject);
      sent.end(data);
    });
  }
}
