// The load both modes of `npm run bench` put on a server: second-opinion consultations (four opinions
// and a synthesis) sent as MCP tool calls over keep-alive HTTP, many at once, spread round-robin over
// a subject's endpoints the way a load balancer would. A consultation may carry each model's latency
// in its question, drawn from a seeded generator so every run and every subject gets the same draws;
// its critical path is then its slowest opinion plus its synthesis.

import { Agent, request } from "node:http";

const opinionModels = ["gpt-oss-120b", "gemini-3.1-pro-preview", "grok-4.6", "gpt-6-sol"];
const synthesisModel = "claude-opus-5-5";
const answerTimeoutMs = 120_000;

/** What a benchmark sends load to: one server, or several nodes serving as one. */
export interface Target {
  name: string;
  endpoints: URL[];
}

/**
 * What each consultation asks beyond the default four opinions and synthesis: extra arguments (a
 * council review, debate rounds), and how many stages each take the slowest model's latency before
 * the synthesis (1 for the opinions alone; a review or each further round adds one).
 */
export interface ConsultationShape {
  arguments: Record<string, unknown>;
  stages: number;
}

const plainShape: ConsultationShape = { arguments: {}, stages: 1 };

/** One consultation's wall time, critical path (0 without drawn latencies) and response size. */
export interface Consultation {
  wallMs: number;
  criticalMs: number;
  bytes: number;
}

/** A small seeded generator (mulberry32) so every run draws the same latencies. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Model latencies of 200-1,500 ms, the same sequence for the same `sequence` on every call and every run. */
export function latencyDraw(sequence = 0): () => number {
  const random = seededRandom(20261130 + sequence);
  return () => 200 + Math.round(random() * 1300);
}

const headers = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
  "mcp-protocol-version": "2026-07-28",
  "mcp-method": "tools/call",
};

/** The JSON-RPC body of one tool call. */
function toolCall(id: number, name: string, args: object): string {
  return JSON.stringify({
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: {
      name,
      arguments: args,
      _meta: {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": { name: "bench", version: "1" },
        "io.modelcontextprotocol/clientCapabilities": {},
      },
    },
  });
}

/** The data of the last message of a server-sent event stream. */
function lastEventData(stream: string): string {
  const lines = stream.split("\n").filter((line) => line.startsWith("data:"));
  return (lines.at(-1) ?? "").slice("data:".length).trim();
}

/** Sends load over its own keep-alive connections; `reconnect` before each new subject. */
export class ConsultationLoad {
  #agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY, maxFreeSockets: 2048 });
  /** How many calls were sent again after a reset on an idle keep-alive connection. */
  #resent = 0;

  /** A note on the calls sent again since `reconnect`, or "" when there were none. */
  get resentNote(): string {
    return this.#resent > 0 ? ` (${this.#resent} calls sent again after an idle connection was reset)` : "";
  }

  /** Closes every connection and zeroes the count of calls sent again; the next call opens fresh ones. */
  reconnect(): void {
    this.#resent = 0;
    this.#agent.destroy();
    this.#agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY, maxFreeSockets: 2048 });
  }

  close(): void {
    this.#agent.destroy();
  }

  /**
   * `concurrency` consultations at once, the i-th to endpoint i modulo their number; `random` draws
   * each model's latency in ms (undefined: the simulator's own behaviour). Rejects, after all have
   * ended, with how many failed and why the first did.
   */
  async batch(
    target: Target,
    concurrency: number,
    random: () => number | undefined = () => undefined,
    shape: ConsultationShape = plainShape,
  ) {
    const started = performance.now();
    const settled = await Promise.allSettled(
      Array.from({ length: concurrency }, (_, index) => this.#consult(target, index, random, shape)),
    );
    const wallMs = performance.now() - started;
    const failures = settled.flatMap((result) =>
      result.status === "rejected" ? [result.reason as Error] : [],
    );
    if (failures[0])
      throw new Error(
        `${target.name}: ${failures.length} of ${concurrency} consultations failed; the first: ${failures[0].message}`,
      );
    return { wallMs, runs: settled.map((result) => (result as PromiseFulfilledResult<Consultation>).value) };
  }

  /** Wall time of `concurrency` consultations at once over the longest critical path among them. */
  async wallOverCriticalPath(
    target: Target,
    concurrency: number,
    draw: () => number,
    shape: ConsultationShape = plainShape,
  ): Promise<number> {
    const { wallMs, runs } = await this.batch(target, concurrency, draw, shape);
    return wallMs / Math.max(...runs.map((run) => run.criticalMs));
  }

  /** One tool call to the target's first endpoint; resolves with its structured result. */
  async call(target: Target, name: string, args: object): Promise<Record<string, unknown>> {
    const text = await this.#post(target, 0, toolCall(1, name, args), name);
    // The server may answer as a stream of server-sent events; the response is its last message.
    const json = text.startsWith("event:") || text.startsWith("data:") ? lastEventData(text) : text;
    return JSON.parse(json).result.structuredContent;
  }

  #consult(
    target: Target,
    index: number,
    random: () => number | undefined,
    shape: ConsultationShape,
  ): Promise<Consultation> {
    const latencies = [...opinionModels, synthesisModel].map((model) => [model, random()] as const);
    const drawn = latencies.every(([, ms]) => ms !== undefined);
    const marker = drawn ? ` [latency ${latencies.map(([model, ms]) => `${model}=${ms}`).join(" ")}]` : "";
    // Reviews and revisions quote the question, so each model takes its drawn latency at every stage.
    const criticalMs = drawn
      ? shape.stages * Math.max(...latencies.slice(0, 4).map(([, ms]) => ms ?? 0)) + (latencies[4]?.[1] ?? 0)
      : 0;
    const body = toolCall(index, "agent.second_opinion", {
      question: `Benchmark question ${index}?${marker}`,
      primaryModel: "cerebras",
      secondaryModels: ["gemini", "grok", "openai"],
      synthesisModel: "claude",
      ...shape.arguments,
    });
    const started = performance.now();
    return this.#post(target, index, body, "agent.second_opinion").then((text) => ({
      wallMs: performance.now() - started,
      criticalMs,
      bytes: Buffer.byteLength(text),
    }));
  }

  /**
   * POSTs `body` to endpoint `index` modulo their number; rejects on anything but a successful result.
   * A reset on a reused keep-alive connection (the server closed it while idle, before reading the
   * request) is sent once more on a new one, as Node's documentation advises, and counted.
   */
  #post(target: Target, index: number, body: string, name: string, resent = false): Promise<string> {
    const endpoint = target.endpoints[index % target.endpoints.length] as URL;
    return new Promise((resolve, reject) => {
      const options = { method: "POST", agent: this.#agent, headers: { ...headers, "mcp-name": name } };
      const call = request(endpoint, options, (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () => {
          if (response.statusCode !== 200 || text.includes('"isError":true'))
            reject(new Error(`${endpoint.host}: HTTP ${response.statusCode} ${text.slice(0, 300)}`));
          else resolve(text);
        });
      });
      call.setTimeout(answerTimeoutMs, () =>
        call.destroy(new Error(`${endpoint.host}: no answer within ${answerTimeoutMs / 1000} s`)),
      );
      call.on("error", (error: NodeJS.ErrnoException) => {
        if (call.reusedSocket && error.code === "ECONNRESET" && !resent) {
          this.#resent += 1;
          resolve(this.#post(target, index, body, name, true));
        } else reject(new Error(`${endpoint.host}: ${error.message}`));
      });
      call.end(body);
    });
  }
}
