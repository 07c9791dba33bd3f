// The HTTP server's web API under attack, on loopback, by another user of the same server (or a service on
// the same host): a session cookie planted beside the user's, every response marked nosniff, the
// late-opinions stream and the evaluations of someone else, late-opinion streams held open by the dozen,
// and a deleted conversation whose late model would still be charged. Each test fails on the server
// before these were fixed (issues 27 and 28). The MCP sessions' side is attacks-mcp-sessions.test.ts.

import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, before, describe, it } from "node:test";
import { maxRequestBytes } from "../../src/contract/request-size.ts";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { makeApiKey } from "./support/cli-process.ts";
import { modelIds } from "./support/e2e-fixture.ts";
import { type InProcessServer, startHttpServerInProcess } from "./support/http-server-in-process.ts";
import { endlessUpload } from "./support/raw-http.ts";
import { serverEnvironment } from "./support/server-environment.ts";

const changing = { "x-requested-with": "ai-universe", "content-type": "application/json" };

describe("the HTTP server under attack", () => {
  let simulator: ProviderSimulator;
  let environment: Record<string, string>;
  let server: InProcessServer;
  const keys: Record<string, string> = {};

  /** Signs `user` in to the web page; resolves with the `aiu_session=...` pair of its cookie. */
  const signIn = async (user: string) => {
    const response = await fetch(`${server.url}/api/session`, {
      method: "POST",
      headers: changing,
      body: JSON.stringify({ credential: keys[user] }),
    });
    assert.equal(response.status, 200);
    const set = response.headers.getSetCookie().find((cookie) => cookie.startsWith("aiu_session=")) ?? "";
    return set.split(";")[0] ?? "";
  };
  /** The SSE text of a consultation asked through the web page's API with `headers`. */
  const consult = async (headers: Record<string, string>, body: Record<string, unknown>) => {
    const response = await fetch(`${server.url}/api/consultations`, {
      method: "POST",
      headers: { ...changing, ...headers },
      body: JSON.stringify(body),
    });
    return { status: response.status, text: await response.text() };
  };
  const conversationsOf = async (user: string) => {
    const response = await fetch(`${server.url}/api/conversations`, {
      headers: { authorization: `Bearer ${keys[user]}` },
    });
    assert.equal(response.status, 200);
    return ((await response.json()) as { conversations: { id: string; title: string }[] }).conversations;
  };

  const bearer = (user: string) => ({ authorization: `Bearer ${keys[user]}` });
  /** Asks as `user` with grok held past the answer-by time; resolves with the result (grok pending). */
  const askWithLateGrok = async (user: string, question: string) => {
    const asked = await consult(bearer(user), {
      question,
      primaryModel: "claude",
      secondaryModels: ["grok"],
      answerWithinSeconds: 5,
    });
    const data = /^event: result\ndata: (.+)$/m.exec(asked.text)?.[1];
    assert.ok(data, asked.text);
    const result = JSON.parse(data) as {
      conversationId: string;
      assistantMessageId: string;
      pendingModels?: string[];
    };
    assert.deepEqual(result.pendingModels, ["grok"]);
    return result;
  };
  /** Opens the late-opinions stream of `messageId` with `headers`; `stop` closes it. */
  const follow = async (messageId: string, headers: Record<string, string>) => {
    const stop = new AbortController();
    const response = await fetch(`${server.url}/api/answers/${messageId}/late-opinions`, {
      headers,
      signal: stop.signal,
    });
    return { response, stop: () => stop.abort() };
  };
  /** A response's status and body, with `id` written as <id>: what tells one id from another. */
  const shape = async (response: Response, id: string) => [
    response.status,
    (await response.text()).replaceAll(id, "<id>"),
  ];
  const hourUsed = async (user: string) => {
    const response = await fetch(`${server.url}/api/usage`, { headers: bearer(user) });
    return ((await response.json()) as { requests: { hour: { used: number } } }).requests.hour.used;
  };

  before(async () => {
    simulator = await startProviderSimulator();
    environment = {
      ...(await serverEnvironment(simulator.url, { maxRetries: 0, modelDeadlineMs: 60_000 })).environment,
      AI_UNIVERSE_AUTH: "api-key",
    };
    // Admins, so that the limits of the tier never get in the way of what is tested.
    for (const user of ["victim", "mallory"]) keys[user] = await makeApiKey(environment, user, "admin");
    server = await startHttpServerInProcess(environment);
  });
  after(async () => {
    await server?.stop();
    await simulator?.close();
  });

  it("refuses a body that never ends and closes the connection as it passes the limit", async () => {
    for (const path of ["/mcp", "/api/consultations"]) {
      const outcome = await endlessUpload(new URL(path, server.url), bearer("mallory"));
      assert.equal(outcome.status, 413, `${path}: ${JSON.stringify(outcome)}`);
      assert.ok(outcome.closed, `${path}: the connection stayed open`);
      // What the kernels buffer on both ends (Linux grows a socket's buffers to 4 MiB to send and 6 MiB to
      // receive, more under load) passes the limit; the server reads nothing past it.
      assert.ok(
        outcome.writtenBytes < maxRequestBytes + 16 * 1024 * 1024,
        `${path}: ${(outcome.writtenBytes / 1048576).toFixed(1)} MiB written before the connection closed`,
      );
    }
  });

  it("refuses a request that carries a second session cookie, planted for a longer path", async () => {
    const victim = await signIn("victim");
    const planted = await signIn("mallory");
    // The browser sends the cookie of the longer path (/api/consultations) first.
    const cookie = `${planted}; ${victim}`;
    const asked = await consult({ cookie }, { question: "TOSSED-COOKIE-QUESTION" });
    assert.equal(asked.status, 400, asked.text);
    const { error } = JSON.parse(asked.text) as { error: { code: string; message: string } };
    assert.equal(error.code, "invalid_argument");
    assert.match(error.message, /2 aiu_session cookies.*Clear this site's cookies and sign in again\.$/);
    const me = await fetch(`${server.url}/api/me`, { headers: { cookie } });
    assert.equal(me.status, 400);
    for (const user of ["victim", "mallory"])
      assert.deepEqual(
        (await conversationsOf(user)).filter((conversation) => /TOSSED/.test(conversation.title)),
        [],
        `${user} got the question`,
      );
    // Each cookie alone still works.
    const alone = await fetch(`${server.url}/api/me`, { headers: { cookie: victim } });
    assert.equal(((await alone.json()) as { userId: string }).userId, "victim");
  });

  it("marks every response nosniff: the page, JSON, server-sent events, errors and unparsable requests", async () => {
    const port = Number(new URL(server.url).port);
    const bearer = { authorization: `Bearer ${keys.victim}` };
    const responses = {
      page: await fetch(`${server.url}/`),
      json: await fetch(`${server.url}/api/me`, { headers: bearer }),
      unauthenticated: await fetch(`${server.url}/api/conversations`),
      notFound: await fetch(`${server.url}/nothing-here`),
      health: await fetch(`${server.url}/health`),
      mcp: await fetch(`${server.url}/mcp`, {
        method: "POST",
        headers: {
          ...bearer,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
      }),
      events: await fetch(`${server.url}/api/consultations`, {
        method: "POST",
        headers: { ...changing, ...bearer },
        body: JSON.stringify({
          question: "Sniff this?",
          primaryModel: "claude",
          secondaryModels: ["openai"],
        }),
      }),
    };
    assert.match(responses.events.headers.get("content-type") ?? "", /^text\/event-stream/);
    for (const [name, response] of Object.entries(responses)) {
      await response.arrayBuffer();
      assert.equal(response.headers.get("x-content-type-options"), "nosniff", name);
    }
    const unparsable = await new Promise<string>((resolve, reject) => {
      import("node:net").then(({ connect }) => {
        const socket = connect(port, "127.0.0.1", () => socket.end("NOT HTTP AT ALL\r\n\r\n"));
        let data = "";
        socket.setEncoding("utf8").on("data", (chunk: string) => {
          data += chunk;
        });
        socket.on("error", reject).on("close", () => resolve(data));
      }, reject);
    });
    assert.match(unparsable, /^HTTP\/1\.1 400/);
    assert.match(unparsable, /\r\nX-Content-Type-Options: nosniff\r\n/i);
  });

  it("counts opening a late-opinion stream as a request, and refuses more than 4 open at once with 429", async () => {
    const releaseGrok = simulator.hold(modelIds.grok);
    const streams: { stop(): void }[] = [];
    try {
      const { assistantMessageId } = await askWithLateGrok("victim", "Held open by the dozen?");
      const before = await hourUsed("victim");
      for (let open = 0; open < 4; open += 1) {
        const stream = await follow(assistantMessageId, bearer("victim"));
        streams.push(stream);
        assert.equal(stream.response.status, 200);
      }
      assert.equal(await hourUsed("victim"), before + 4);
      const fifth = await follow(assistantMessageId, bearer("victim"));
      assert.equal(fifth.response.status, 429);
      const { error } = (await fifth.response.json()) as { error: { code: string; message: string } };
      assert.equal(error.code, "rate_limited");
      assert.match(error.message, /already following the late opinions of 4 answers.*close one/);
    } finally {
      for (const stream of streams) stream.stop();
      releaseGrok();
    }
  });

  it("stops a late model, which would still be charged, when its conversation is deleted", async () => {
    const releaseGrok = simulator.hold(modelIds.grok);
    const earlier = simulator.requests.length;
    try {
      const { conversationId } = await askWithLateGrok("victim", "Deleted before grok lands?");
      const deleted = await fetch(`${server.url}/api/conversations/${conversationId}`, {
        method: "DELETE",
        headers: { ...changing, ...bearer("victim") },
      });
      assert.equal(deleted.status, 200);
      await simulator.waitForRequests((requests) =>
        requests.slice(earlier).some((request) => request.model === modelIds.grok && request.aborted),
      );
    } finally {
      releaseGrok();
    }
  });

  it("answers another user's answer or run, an unknown one, and no credentials alike", async () => {
    const releaseGrok = simulator.hold(modelIds.grok);
    const streams: { stop(): void }[] = [];
    try {
      const { assistantMessageId } = await askWithLateGrok("victim", "Whose answer is this?");
      const unknown = randomUUID();
      const others = await follow(assistantMessageId, bearer("mallory"));
      const missing = await follow(unknown, bearer("mallory"));
      streams.push(others, missing);
      assert.equal(others.response.status, 404);
      assert.deepEqual(
        await shape(others.response, assistantMessageId),
        await shape(missing.response, unknown),
      );
      const anonymousOthers = await follow(assistantMessageId, {});
      const anonymousMissing = await follow(unknown, {});
      assert.equal(anonymousOthers.response.status, 401);
      assert.deepEqual(
        await shape(anonymousOthers.response, assistantMessageId),
        await shape(anonymousMissing.response, unknown),
      );
    } finally {
      for (const stream of streams) stream.stop();
      releaseGrok();
    }

    const run = await server.runtime.application.runEvaluation(
      { userId: "victim", tier: "admin" },
      {
        tags: ["misconceptions"],
        limit: 1,
        model: "cerebras",
        models: ["cerebras", "grok"],
        strategies: ["best-single"],
      },
      { signal: new AbortController().signal },
    );
    const runId = run.run.id;
    const read = (id: string, headers: Record<string, string>) =>
      fetch(`${server.url}/api/evaluations/${id}`, { headers });
    const unknownRun = randomUUID();
    const othersRun = await read(runId, bearer("mallory"));
    assert.equal(othersRun.status, 404);
    assert.deepEqual(
      await shape(othersRun, runId),
      await shape(await read(unknownRun, bearer("mallory")), unknownRun),
    );
    const anonymousRun = await read(runId, {});
    assert.equal(anonymousRun.status, 401);
    assert.deepEqual(await shape(anonymousRun, runId), await shape(await read(unknownRun, {}), unknownRun));
    const listed = await fetch(`${server.url}/api/evaluations`, { headers: bearer("mallory") });
    assert.deepEqual(await listed.json(), { runs: [] });
    assert.equal((await fetch(`${server.url}/api/evaluations`)).status, 401);
    const own = await read(runId, bearer("victim"));
    assert.equal(own.status, 200);
  });
});
