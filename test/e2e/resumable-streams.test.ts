// A 2025 client whose SSE stream dropped mid-call resumes it with `GET` and `Last-Event-ID`: on
// another node of a PostgreSQL deployment, and on the one node of a SQLite one, it gets the events it
// missed (progress) and the final result, which matches the seed schema. An event id of another
// session resumes nothing.

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { type PostgresServer, startPostgresServer } from "../store/postgres-server.ts";
import { assertMatchesSchema } from "../support/seed-schemas.ts";
import { startTogether } from "../support/start-together.ts";
import { modelIds } from "./support/e2e-fixture.ts";
import { type ServerProcess, startHttpServerProcess } from "./support/http-server-process.ts";
import { serverEnvironment } from "./support/server-environment.ts";

const revision = "2025-11-25";

/** One SSE event as a client reads it. */
interface SseEvent {
  id?: string;
  retry?: number;
  data: string;
}

/** Reads SSE events from a response body, one at a time. */
async function* sseEvents(response: Response): AsyncGenerator<SseEvent> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event: SseEvent = { data: "" };
      for (const line of block.split("\n")) {
        const [field, ...rest] = line.split(":");
        const text = rest.join(":").replace(/^ /, "");
        if (field === "id") event.id = text;
        else if (field === "retry") event.retry = Number(text);
        else if (field === "data") event.data += text;
      }
      if (event.id !== undefined || event.data !== "") yield event;
    }
  }
}

const headers = (sessionId?: string) => ({
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
  "mcp-protocol-version": revision,
  ...(sessionId ? { "mcp-session-id": sessionId } : {}),
});

/** Opens a 2025-11-25 session on `url`; resolves with its id. */
async function openSession(url: string): Promise<string> {
  const opened = await fetch(`${url}/mcp`, {
    method: "POST",
    headers: headers(),
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: {
        protocolVersion: revision,
        capabilities: {},
        clientInfo: { name: "resume-test", version: "1" },
      },
    }),
  });
  const sessionId = opened.headers.get("mcp-session-id");
  assert.ok(sessionId, "the server opened a session");
  await opened.text();
  const initialized = await fetch(`${url}/mcp`, {
    method: "POST",
    headers: headers(sessionId),
    body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
  });
  assert.equal(initialized.status, 202);
  return sessionId;
}

/**
 * Starts a second opinion on `callUrl` with a progress token, its models held, cuts the connection after the
 * first progress event, resumes on `resumeUrl`, and checks what arrives there.
 */
async function dropAndResume(
  simulator: ProviderSimulator,
  callUrl: string,
  resumeUrl: string,
  question: string,
): Promise<void> {
  const sessionId = await openSession(callUrl);
  // No model answers until the connection has dropped, so the rest of the call comes after it.
  const release = simulator.hold(Object.values(modelIds));
  const cut = new AbortController();
  const before: SseEvent[] = [];
  try {
    const call = await fetch(`${callUrl}/mcp`, {
      method: "POST",
      headers: headers(sessionId),
      signal: cut.signal,
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 7,
        method: "tools/call",
        params: {
          name: "agent.second_opinion",
          arguments: { question, maxOpinions: 1 },
          _meta: { progressToken: "resume-me" },
        },
      }),
    });
    assert.match(call.headers.get("content-type") ?? "", /text\/event-stream/);
    for await (const event of sseEvents(call)) {
      before.push(event);
      if (event.data.includes("notifications/progress")) break;
    }
    cut.abort();
  } finally {
    release();
  }
  const priming = before[0];
  assert.ok(priming?.id, "the stream starts with a priming event that has an id");
  assert.equal(priming.data, "");
  assert.equal(typeof priming.retry, "number", "the priming event says when to reconnect");
  assert.ok(
    before.every((event) => !event.data.includes('"result"')),
    "the call had not answered when the connection dropped",
  );
  const lastEventId = before.at(-1)?.id ?? "";

  const someoneElse = await openSession(resumeUrl);
  const foreign = await fetch(`${resumeUrl}/mcp`, {
    headers: { ...headers(someoneElse), accept: "text/event-stream", "last-event-id": lastEventId },
  });
  assert.equal(foreign.status, 400, "another session's event id resumes nothing");
  assert.doesNotMatch(await foreign.text(), /progress/);

  const resumed = await fetch(`${resumeUrl}/mcp`, {
    headers: { ...headers(sessionId), accept: "text/event-stream", "last-event-id": lastEventId },
  });
  assert.equal(resumed.status, 200);
  const after: SseEvent[] = [];
  for await (const event of sseEvents(resumed)) after.push(event);
  const messages = after.map((event) => JSON.parse(event.data));
  assert.ok(
    messages.some((message) => message.method === "notifications/progress"),
    "the progress sent after the drop arrives",
  );
  const answer = messages.at(-1);
  assert.equal(answer.id, 7, "the stream ends with the call's answer");
  assert.notEqual(answer.result.isError, true, JSON.stringify(answer.result.content));
  assertMatchesSchema("secondOpinion", answer.result.structuredContent);
  const sequences = [...before, ...after].map((event) => Number(event.id?.split(".").at(-1)));
  assert.deepEqual(
    sequences,
    sequences.map((_, index) => index + 1),
    "no event is lost or repeated",
  );
}

describe("resuming a dropped 2025 stream", () => {
  let simulator: ProviderSimulator;
  before(async () => {
    simulator = await startProviderSimulator();
  });
  after(async () => simulator?.close());

  describe("two nodes on PostgreSQL", () => {
    let postgres: PostgresServer;
    const nodes: ServerProcess[] = [];
    before(async () => {
      postgres = await startPostgresServer();
      const prepared = await serverEnvironment(simulator.url, { maxRetries: 0, modelDeadlineMs: 60_000 });
      const environment = { ...prepared.environment, DATABASE_URL: await postgres.newDatabase() };
      nodes.push(...(await startTogether([0, 1].map(() => startHttpServerProcess(environment)))));
    });
    after(async () => {
      for (const node of nodes) await node.stop();
      await postgres?.stop();
    });

    it("gets the rest of the call, and its result, from the other node", async () => {
      await dropAndResume(simulator, nodes[0]?.url ?? "", nodes[1]?.url ?? "", "Resume on node B?");
    });
  });

  describe("one node on SQLite", () => {
    let server: ServerProcess;
    before(async () => {
      const prepared = await serverEnvironment(simulator.url, { maxRetries: 0, modelDeadlineMs: 60_000 });
      server = await startHttpServerProcess(prepared.environment);
    });
    after(async () => server?.stop());

    it("gets the rest of the call, and its result, from the same node", async () => {
      await dropAndResume(simulator, server.url, server.url, "Resume on the same node?");
    });
  });
});
