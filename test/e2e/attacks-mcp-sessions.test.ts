// The 2025 revisions' MCP sessions under attack, on loopback, by another user of the same server: guessed
// and reused Last-Event-IDs, and sessions ended by DELETE or by idleness, asked about at every node. Each
// test fails on the server before these were fixed (issues 27 and 28). The web API's side is
// attacks-http.test.ts.

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { makeApiKey } from "./support/cli-process.ts";
import { modelIds } from "./support/e2e-fixture.ts";
import { type InProcessServer, startHttpServerInProcess } from "./support/http-server-in-process.ts";
import { postgresPassVariable, serverEnvironment } from "./support/server-environment.ts";

describe("MCP sessions under attack", () => {
  let simulator: ProviderSimulator;
  let environment: Record<string, string>;
  let server: InProcessServer;
  const keys: Record<string, string> = {};
  const bearer = (user: string) => ({ authorization: `Bearer ${keys[user]}` });

  /** A 2025-revision MCP request to `node` as `user` (none: no credentials), in session `session`. */
  const mcp = (
    node: InProcessServer,
    user: string,
    options: { session?: string; body?: unknown; method?: string; lastEventId?: string } = {},
  ) =>
    fetch(`${node.url}/mcp`, {
      method: options.method ?? (options.body === undefined ? "GET" : "POST"),
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2025-11-25",
        ...bearer(user),
        ...(options.session ? { "mcp-session-id": options.session } : {}),
        ...(options.lastEventId ? { "last-event-id": options.lastEventId } : {}),
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
  /** Opens a 2025 session at `node` as `user` and lists its tools; resolves with its id and the list's event id. */
  const openSession = async (node: InProcessServer, user: string) => {
    const initialized = await mcp(node, user, {
      body: {
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: {
          protocolVersion: "2025-11-25",
          capabilities: {},
          clientInfo: { name: "attacker", version: "1" },
        },
      },
    });
    assert.equal(initialized.status, 200);
    await initialized.text();
    const session = initialized.headers.get("mcp-session-id") ?? "";
    assert.ok(session);
    const notified = await mcp(node, user, {
      session,
      body: { jsonrpc: "2.0", method: "notifications/initialized" },
    });
    assert.equal(notified.status, 202);
    const listed = await listTools(node, user, session);
    assert.equal(listed.status, 200);
    const eventIds = [...listed.text.matchAll(/^id: (.+)$/gm)].map(([, id]) => id ?? "");
    const eventId = eventIds.at(-1) ?? "";
    assert.match(eventId, /\.\d+$/, listed.text);
    return { session, eventId };
  };
  const listTools = async (node: InProcessServer, user: string, session: string) => {
    const response = await mcp(node, user, {
      session,
      body: { jsonrpc: "2.0", id: 2, method: "tools/list" },
    });
    return { status: response.status, text: await response.text() };
  };
  const resume = async (node: InProcessServer, user: string, session: string, lastEventId: string) => {
    const response = await mcp(node, user, { session, lastEventId });
    return { status: response.status, text: await response.text() };
  };

  before(async () => {
    simulator = await startProviderSimulator();
    environment = {
      ...(await serverEnvironment(simulator.url)).environment,
      AI_UNIVERSE_AUTH: "api-key",
    };
    for (const user of ["victim", "mallory"]) keys[user] = await makeApiKey(environment, user, "admin");
    server = await startHttpServerInProcess(environment);
  });
  after(async () => {
    await server?.stop();
    await simulator?.close();
  });

  it("answers a request whose id is already in flight at once, single or batched, on every revision with sessions", async () => {
    for (const revision of ["2025-03-26", "2025-06-18", "2025-11-25"]) {
      const headers = {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": revision,
        ...bearer("victim"),
      };
      const post = (body: unknown, session?: string) =>
        fetch(`${server.url}/mcp`, {
          method: "POST",
          headers: { ...headers, ...(session ? { "mcp-session-id": session } : {}) },
          body: JSON.stringify(body),
          // A request left unanswered fails the test rather than hanging it.
          signal: AbortSignal.timeout(20_000),
        });
      const opened = await post({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: revision, capabilities: {}, clientInfo: { name: "buggy", version: "1" } },
      });
      await opened.text();
      const session = opened.headers.get("mcp-session-id") ?? "";
      assert.equal(
        (await post({ jsonrpc: "2.0", method: "notifications/initialized" }, session)).status,
        202,
      );
      const release = simulator.hold(modelIds.cerebras);
      try {
        const call = {
          jsonrpc: "2.0",
          id: 7,
          method: "tools/call",
          params: {
            name: "agent.second_opinion",
            arguments: { question: `Held, ${revision}?`, maxOpinions: 0 },
          },
        };
        // The call is in flight once its own provider request arrives, not an earlier revision's.
        const from = simulator.requests.length;
        const first = post(call, session);
        await simulator.waitForRequests((requests) =>
          requests.slice(from).some((request) => request.model === modelIds.cerebras),
        );
        const again = await post({ jsonrpc: "2.0", id: 7, method: "tools/list" }, session);
        assert.equal(again.status, 200);
        const single = (await again.json()) as { id: unknown; error?: { code: number; message: string } };
        assert.equal(single.id, 7);
        assert.equal(single.error?.code, -32600);
        assert.match(single.error?.message ?? "", /already in flight/);
        const batch = await post(
          [
            { jsonrpc: "2.0", id: 7, method: "ping" },
            { jsonrpc: "2.0", id: 8, method: "ping" },
          ],
          session,
        );
        const answers = (await batch.json()) as { id: unknown; error?: { message: string } }[];
        assert.deepEqual(
          answers.map((answer) => [answer.id, /already in flight/.test(answer.error?.message ?? "")]),
          [
            [7, true],
            [8, false],
          ],
        );
        const repeated = await post(
          [
            { jsonrpc: "2.0", id: 9, method: "ping" },
            { jsonrpc: "2.0", id: 9, method: "ping" },
          ],
          session,
        );
        assert.equal(((await repeated.json()) as unknown[]).length, 2);
        release();
        // The first call is answered on its own stream, and its id is free again once it is.
        const answered = await (await first).text();
        assert.match(answered, /"result":\{"content".*"id":7\}/, `${revision}: ${answered.slice(0, 300)}`);
        const pinged = await post({ jsonrpc: "2.0", id: 7, method: "ping" }, session);
        assert.match(await pinged.text(), /"result":\{\},"jsonrpc":"2\.0","id":7\}/);
      } finally {
        release();
      }
    }
  });

  it("replays nothing for a Last-Event-ID guessed, or taken from another session or user", async () => {
    const victims = await openSession(server, "victim");
    assert.equal((await resume(server, "victim", victims.session, victims.eventId)).status, 200);
    const malloryS = await openSession(server, "mallory");
    const victimsOther = await openSession(server, "victim");
    const stream = victims.eventId.slice(0, victims.eventId.lastIndexOf("."));
    const guesses = [victims.eventId, `${stream}.1`, `${stream}.2`, "_GET_stream.1", "1", ".1"];
    for (const [user, session] of [
      ["mallory", malloryS.session],
      ["victim", victimsOther.session],
    ] as const) {
      for (const guess of guesses) {
        const resumed = await resume(server, user, session, guess);
        assert.equal(resumed.status, 400, `${user} ${guess}: ${resumed.text}`);
        assert.doesNotMatch(resumed.text, /agent\.second_opinion|^data:/m, `${user} ${guess}`);
      }
    }
    // The victim's session itself, with the victim's event id, is no one else's.
    const taken = await resume(server, "mallory", victims.session, victims.eventId);
    assert.equal(taken.status, 404);
    assert.equal((await listTools(server, "mallory", victims.session)).status, 404);
  });

  it("ends a session at DELETE on every node, its stream included, whichever node was asked", async () => {
    const other = await startHttpServerInProcess(environment);
    try {
      for (const [opener, deleter] of [
        [server, server],
        [server, other],
      ] as const) {
        const { session, eventId } = await openSession(opener, "victim");
        const deleted = await mcp(deleter, "victim", { session, method: "DELETE" });
        assert.equal(deleted.status, 200);
        for (const node of [server, other]) {
          const listed = await listTools(node, "victim", session);
          assert.equal(listed.status, 404, listed.text);
          assert.match(
            listed.text,
            /Session not found: it was ended or expired\. Initialize a new session\./,
          );
          assert.equal((await resume(node, "victim", session, eventId)).status, 404);
        }
      }
    } finally {
      await other.stop();
    }
  });

  it("ends an idle session on every node (and, on PostgreSQL, not one in use at another node)", async () => {
    // Idle after 3 s: long enough that the busy session's activity, relayed through the store every 100 ms,
    // arrives in time on a loaded machine (at 1 s, a slow relay once let it end).
    const quick = await startHttpServerInProcess({ ...environment, AI_UNIVERSE_SESSION_IDLE_SECONDS: "3" });
    try {
      const idle = await openSession(quick, "victim");
      // Nodes share their sessions' activity through the store's broadcast, which PostgreSQL carries
      // between nodes; SQLite's stays in its process (one node serves a SQLite file).
      const shared = process.env[postgresPassVariable] !== undefined;
      const busy = shared ? await openSession(quick, "victim") : undefined;
      // Asked about at the other node only, which neither uses it nor keeps it open: it ends.
      for (let asked = 0; ; asked += 1) {
        if (busy) assert.equal((await listTools(server, "victim", busy.session)).status, 200);
        const resumed = await resume(server, "victim", idle.session, idle.eventId);
        if (resumed.status === 404) break;
        assert.equal(resumed.status, 200);
        assert.ok(asked < 300, "the idle session never ended");
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.equal((await listTools(quick, "victim", idle.session)).status, 404);
      assert.equal((await listTools(server, "victim", idle.session)).status, 404);
      // Used at the other node all the while, the busy one is not idle where it was opened.
      if (busy) assert.equal((await listTools(quick, "victim", busy.session)).status, 200);
    } finally {
      await quick.stop();
    }
  });
});
