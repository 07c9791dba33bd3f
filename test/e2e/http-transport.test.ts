// The HTTP transport's guards and health report, and the zero-configuration start on simulated models.

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { Agent } from "undici";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { secondOpinionOf } from "./support/e2e-fixture.ts";
import { type ServerProcess, startHttpServerProcess } from "./support/http-server-process.ts";
import { connectClient } from "./support/mcp-clients.ts";
import { mcpPost, sendRaw } from "./support/raw-http.ts";
import { serverEnvironment } from "./support/server-environment.ts";

const initialize = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "curl", version: "1" } },
});
const mcpHeaders = { "content-type": "application/json", accept: "application/json, text/event-stream" };

describe("HTTP transport", () => {
  let simulator: ProviderSimulator;
  let server: ServerProcess;
  before(async () => {
    simulator = await startProviderSimulator();
    server = await startHttpServerProcess((await serverEnvironment(simulator.url)).environment);
  });
  after(async () => {
    await server?.stop();
    await simulator?.close();
  });

  it("reports health: version, store, available models", async () => {
    const response = await fetch(`${server.url}/health`);
    assert.equal(response.status, 200);
    const health = await response.json();
    assert.equal(health.status, "ok");
    assert.equal(health.store.reachable, true);
    assert.equal(health.models.simulated, false);
    assert.ok(health.models.available.some((model: { name: string }) => model.name === "gemini"));
    assert.ok(
      health.models.unavailable.some((model: { reason: string }) => /OLLAMA_BASE_URL/.test(model.reason)),
    );
  });

  it("rejects a foreign Host or Origin (DNS rebinding) and accepts localhost", async () => {
    const url = new URL(`${server.url}/mcp`);
    const send = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        import("node:http").then(({ request }) => {
          const call = request(
            url,
            { method: "POST", headers: { ...mcpHeaders, ...headers } },
            (response) => {
              response.resume();
              resolve(response.statusCode ?? 0);
            },
          );
          call.on("error", reject);
          call.end(initialize);
        });
      });
    assert.equal(await send({ host: "attacker.example" }), 403);
    assert.equal(await send({ host: `localhost:${url.port}`, origin: "http://attacker.example" }), 403);
    assert.equal(await send({ host: `localhost:${url.port}`, origin: `http://localhost:${url.port}` }), 200);
    // HTTP/1.0 allows a request without Host: refused like any host that is not allowed.
    const hostless = mcpPost("/mcp", "-", initialize)
      .replace("HTTP/1.1", "HTTP/1.0")
      .replace("Host: -\r\n", "");
    const answer = await sendRaw(Number(url.port), hostless);
    assert.equal(answer.status, 403, answer.body);
    assert.equal(JSON.parse(answer.body).jsonrpc, "2.0");
  });

  it("refuses an oversized body with 413 and unknown paths with 404", async () => {
    const huge = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { padding: "x".repeat(17_000_000) },
    });
    // On a kept-alive connection, as clients send: the server answers 413 at once and reads the rest of
    // the body away. A client that asks for "Connection: close" (as this process's fetch does, see
    // fresh-connections.ts) has its connection closed after the answer, maybe while it still writes.
    const keptAlive = new Agent();
    const response = await fetch(`${server.url}/mcp`, {
      method: "POST",
      headers: mcpHeaders,
      body: huge,
      dispatcher: keptAlive,
    } as RequestInit);
    assert.equal(response.status, 413);
    assert.equal((await response.json()).error.code, -32600);
    await keptAlive.close();
    const missing = await fetch(`${server.url}/nowhere`);
    assert.equal(missing.status, 404);
    const { error } = await missing.json();
    assert.equal(error.code, "not_found");
    assert.match(error.message, /The web page is at \/, MCP at \/mcp/);
  });
});

describe("malformed HTTP requests", () => {
  let simulator: ProviderSimulator;
  let server: ServerProcess;
  let port: number;
  before(async () => {
    simulator = await startProviderSimulator();
    const { environment } = await serverEnvironment(simulator.url);
    server = await startHttpServerProcess({ ...environment, AI_UNIVERSE_REQUEST_TIMEOUT_SECONDS: "1" });
    port = Number(new URL(server.url).port);
  });
  after(async () => {
    await server?.stop();
    await simulator?.close();
  });

  it("answers each with a 4xx JSON-RPC error, accepts an absolute-form target, and keeps serving", async () => {
    const host = `127.0.0.1:${port}`;
    // Sent without a half-close, as real clients do: the server answers, then closes (Connection: close).
    const absolute = await sendRaw(port, mcpPost(`http://${host}/mcp`, host, initialize), { end: false });
    assert.equal(absolute.status, 200, absolute.body);
    const cases: [string, string][] = [
      ["user info in Host", mcpPost("/mcp", "evil.example@localhost", initialize)],
      ["a space in Host", mcpPost("/mcp", "local host", initialize)],
      ["a target that is not a path", mcpPost("mailto:someone", host, initialize)],
      ["a body that is not JSON", mcpPost("/mcp", host, "{not json")],
      ["a JSON number", mcpPost("/mcp", host, "42")],
      ["a batch of garbage", mcpPost("/mcp", host, "[1, 2, 3]")],
      ["JSON null", mcpPost("/mcp", host, "null")],
      ["an unknown session", mcpPost("/mcp", host, initialize, ["Mcp-Session-Id: nope"])],
      [
        "text/plain",
        mcpPost("/mcp", host, initialize).replace("application/json\r\nAccept", "text/plain\r\nAccept"),
      ],
      // Declared over the limit: refused from its Content-Length, before 16 MiB have to be sent.
      [
        "a body over 16 MiB",
        mcpPost("/mcp", host, JSON.stringify({ padding: "x" })).replace(
          /Content-Length: \d+/,
          "Content-Length: 16800000",
        ),
      ],
    ];
    for (const [name, request] of cases) {
      const answer = await sendRaw(port, request);
      assert.ok(answer.status >= 400 && answer.status < 500, `${name}: HTTP ${answer.status} ${answer.body}`);
      assert.ok(answer.body.length > 0, `${name}: HTTP ${answer.status} with no body`);
      assert.equal(JSON.parse(answer.body).jsonrpc, "2.0", `${name}: ${answer.body}`);
    }
    const tooLarge = await sendRaw(port, cases.at(-1)?.[1] ?? "");
    assert.match(JSON.parse(tooLarge.body).error.message, /\(16777216 bytes\)/);
    assert.equal((await fetch(`${server.url}/health`)).status, 200);
    assert.doesNotMatch(server.stderr(), /Internal error/);
  });

  it("cuts an upload that stalls, but not a response that streams for longer", async () => {
    const started = performance.now();
    const stalled = await sendRaw(
      port,
      mcpPost("/mcp", `127.0.0.1:${port}`, initialize).replace(/Content-Length: \d+/, "Content-Length: 5000"),
      { end: false },
    );
    assert.equal(stalled.status, 408, stalled.body);
    assert.match(JSON.parse(stalled.body).error.message, /took too long/);
    // What is checked is that AI_UNIVERSE_REQUEST_TIMEOUT_SECONDS (1 s here) applies, not the 30 s default.
    assert.ok(performance.now() - started < 15_000, "the stalled upload was cut by the 1 s setting");
    simulator.setDefaultBehaviour({ latencyMs: 2500 });
    for (const kind of ["v2-modern", "v1-2025-11-25"] as const) {
      const client = await connectClient(kind, { transport: "http", url: server.url });
      try {
        const result = secondOpinionOf(
          await client.callTool(
            "agent.second_opinion",
            { question: "Slow answer", maxOpinions: 0 },
            { onprogress: () => {} },
          ),
        );
        assert.ok(result.primary.latencyMs >= 2500, `${kind}: the 2.5 s answer arrived whole`);
      } finally {
        await client.close();
      }
    }
  });
});

describe("2025-era sessions", () => {
  let server: ServerProcess;
  before(async () => {
    const { environment } = await serverEnvironment("http://127.0.0.1:9");
    server = await startHttpServerProcess({ ...environment, AI_UNIVERSE_SESSION_IDLE_SECONDS: "1" });
  });
  after(async () => server?.stop());

  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/mcp`, { method: "POST", headers: { ...mcpHeaders, ...headers }, body });
  const ping = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" });

  it("opens a session at initialize, serves it, ends it when idle, and then answers its id 404", async () => {
    const opened = await post(initialize);
    const sessionId = opened.headers.get("mcp-session-id") ?? "";
    assert.match(sessionId, /^[\w-]{22}\.[\w-]{22}$/, "a random part and its signature");
    await opened.text();
    const inSession = { "mcp-session-id": sessionId, "mcp-protocol-version": "2025-11-25" };
    const served = await post(ping, inSession);
    assert.equal(served.status, 200, await served.text());
    const empty = await post("[]", inSession);
    assert.equal(empty.status, 400, "an empty batch is an Invalid Request, in a session as outside one");
    assert.equal((await empty.json()).error.code, -32600);
    const emptyOutside = await post("[]", { "mcp-protocol-version": "2025-11-25" });
    assert.equal((await emptyOutside.json()).error.code, -32600);
    const stream = () =>
      fetch(`${server.url}/mcp`, {
        headers: { ...inSession, accept: "text/event-stream" },
        signal: AbortSignal.timeout(1000),
      }).then(
        (response) => response.status,
        () => "aborted",
      );
    assert.equal(await stream(), 200, "this node holds the session's stream");
    // Idle for more than the 1 s limit plus one sweep of the expiry check (every second).
    await new Promise((resolve) => setTimeout(resolve, 3500));
    assert.equal(await stream(), 404, "the idle session was ended: no stream any more");
    const later = await post(ping, inSession);
    assert.equal(later.status, 404, "an ended session is not served, on any node");
    assert.match((await later.json()).error.message, /ended or expired\. Initialize a new session/);
    const forged = await post(ping, {
      ...inSession,
      "mcp-session-id": `${sessionId.split(".")[0]}.${"A".repeat(22)}`,
    });
    assert.equal(forged.status, 404, "an id with a forged signature is unknown");
    await forged.text();
  });

  it("answers an unknown session with 404 and a request without one with 400", async () => {
    const unknown = await post(ping, {
      "mcp-session-id": "no-such-session",
      "mcp-protocol-version": "2025-11-25",
    });
    assert.equal(unknown.status, 404);
    assert.match((await unknown.json()).error.message, /Initialize a new session/);
    const loose = await post(ping, { "mcp-protocol-version": "2025-11-25" });
    assert.equal(loose.status, 400);
    assert.match((await loose.json()).error.message, /send initialize first/);
  });
});

describe("zero configuration", () => {
  let server: ServerProcess;
  before(async () => {
    const { environment } = await serverEnvironment("http://127.0.0.1:9");
    const bare = Object.fromEntries(
      Object.entries(environment).filter(([name]) => !/_API_KEY|_BASE_URL/.test(name)),
    );
    server = await startHttpServerProcess(bare);
  });
  after(async () => server?.stop());

  it("runs on simulated models, says so everywhere, and still completes a consultation", async () => {
    assert.match(server.stderr(), /running on SIMULATED models/);
    const health = await (await fetch(`${server.url}/health`)).json();
    assert.equal(health.models.simulated, true);
    assert.match(health.notice, /OPENAI_API_KEY/);
    const client = await connectClient("v2-modern", { transport: "http", url: server.url });
    try {
      const result = secondOpinionOf(
        await client.callTool("agent.second_opinion", { question: "What is MCP?" }),
      );
      for (const opinion of [result.primary, ...result.secondaryOpinions]) {
        assert.match(opinion.modelDisplayName, /simulated/i);
      }
      assert.equal(result.secondaryOpinions.length, 3);
      assert.match(result.synthesis?.response ?? "", /Simulated synthesis/);
    } finally {
      await client.close();
    }
  });
});
