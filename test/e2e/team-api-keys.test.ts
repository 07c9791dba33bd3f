// A shared server in auth mode api-key: keys made, listed and revoked with the CLI; requests without
// a valid key refused with 401; two users who cannot touch each other's conversations by any path
// (tools, resources, replays, sessions, spoofed ids); rate limits per tier on every tool and both
// transports; and mode none refused on a non-loopback address.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { errorTextOf, historyOf, secondOpinionOf } from "./support/e2e-fixture.ts";
import { type InProcessServer, startHttpServerInProcess } from "./support/http-server-in-process.ts";
import { mainScript, startHttpServerProcess } from "./support/http-server-process.ts";
import { connectClient, type TestClient, type ToolResult } from "./support/mcp-clients.ts";
import { serverEnvironment } from "./support/server-environment.ts";

/** Runs the CLI with `environment`; returns its exit code and output. */
function cli(environment: Record<string, string>, ...args: string[]) {
  const run = spawnSync(process.execPath, [mainScript, ...args], { env: environment, encoding: "utf8" });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

function makeKey(environment: Record<string, string>, user: string, tier?: string): string {
  const made = cli(environment, "keys", "create", "--user", user, ...(tier ? ["--tier", tier] : []));
  assert.equal(made.status, 0, made.stderr);
  return made.stdout.trim();
}

function errorMeta(result: ToolResult): Record<string, unknown> {
  return ((result as { _meta?: Record<string, unknown> })._meta?.["ai-universe/error"] ?? {}) as Record<
    string,
    unknown
  >;
}

describe("a team server with API keys", () => {
  let simulator: ProviderSimulator;
  let environment: Record<string, string>;
  let server: InProcessServer;
  const clients: TestClient[] = [];
  const connectAs = async (key: string, kind: "v2-modern" | "v1-2025-11-25" = "v2-modern") => {
    const client = await connectClient(kind, {
      transport: "http",
      url: server.url,
      headers: { authorization: `Bearer ${key}` },
    });
    clients.push(client);
    return client;
  };

  before(async () => {
    simulator = await startProviderSimulator();
    const prepared = await serverEnvironment(simulator.url, { maxRetries: 0 });
    const configPath = join(prepared.directory, "team.json");
    writeFileSync(
      configPath,
      JSON.stringify({
        defaults: { maxRetries: 0, modelDeadlineMs: 30_000 },
        tiers: { user: { requestsPerHour: 100, requestsPerDay: 200 }, limited: { requestsPerHour: 3 } },
      }),
    );
    environment = { ...prepared.environment, AI_UNIVERSE_CONFIG: configPath, AI_UNIVERSE_AUTH: "api-key" };
    server = await startHttpServerInProcess(environment);
  });
  after(async () => {
    for (const client of clients) await client.close().catch(() => {});
    await server?.stop();
    await simulator?.close();
  });

  it("makes a key shown once, lists it without its secret, and refuses unknown tiers", () => {
    const key = makeKey(environment, "erin", "admin");
    assert.match(key, /^aiu_[a-z0-9]{12}\.[A-Za-z0-9_-]{43}$/);
    const listed = cli(environment, "keys", "list");
    assert.equal(listed.status, 0);
    const [id, secret] = key.split(".");
    assert.match(listed.stdout, new RegExp(`${id}\\s+erin\\s+admin\\s+\\S+\\s+active`));
    assert.ok(!listed.stdout.includes(secret ?? "-"), "the list shows a key's secret");
    const unknown = cli(environment, "keys", "create", "--user", "erin", "--tier", "gold");
    assert.equal(unknown.status, 1);
    assert.match(unknown.stderr, /Tier "gold" is not configured/);
    for (const inherited of ["__proto__", "constructor", "toString"]) {
      const refused = cli(environment, "keys", "create", "--user", "erin", "--tier", inherited);
      assert.equal(refused.status, 1, inherited);
      assert.match(refused.stderr, new RegExp(`Tier "${inherited}" is not configured`), inherited);
    }
    assert.equal(cli(environment, "keys", "revoke", "aiu_000000000000").status, 1);
  });

  it("answers 401 with WWW-Authenticate to a request without a key or with a wrong one", async () => {
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    for (const authorization of [
      undefined,
      "Bearer aiu_000000000000.wrongwrongwrongwrongwrongwrongwrongwrongwro",
      "Basic eA==",
    ]) {
      const response = await fetch(`${server.url}/mcp`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...(authorization ? { authorization } : {}),
        },
        body,
      });
      assert.equal(response.status, 401);
      assert.match(response.headers.get("www-authenticate") ?? "", /^Bearer /);
      const answer = (await response.json()) as { error: { message: string } };
      assert.match(answer.error.message, /API key|sign in/);
    }
  });

  it("keeps two users apart on every path: tools, resources, replays, sessions and spoofed ids", async () => {
    const ann = await connectAs(makeKey(environment, "ann"), "v1-2025-11-25");
    const bob = await connectAs(makeKey(environment, "bob"));
    const asked = { question: "Ann's private question?", maxOpinions: 1, idempotencyKey: "shared-key" };
    const first = secondOpinionOf(await ann.callTool("agent.second_opinion", asked));
    const conversationId = first.conversationId;
    const notFound = (result: ToolResult) => assert.match(errorTextOf(result), /^conversation_not_found/);

    notFound(await bob.callTool("conversation.get-history", { conversationId }));
    notFound(await bob.callTool("agent.second_opinion", { question: "x", maxOpinions: 0, conversationId }));
    notFound(await bob.callTool("conversation.send-message", { content: "x", conversationId }));
    notFound(await bob.callTool("conversation.delete", { conversationId }));
    const listed = (await bob.callTool("conversation.list", {})).structuredContent as {
      conversations: { id: string }[];
    };
    assert.deepEqual(listed.conversations, []);
    // Bob sees no conversation among the resources; only the council panel everyone gets.
    assert.deepEqual(
      (await bob.listResources()).map((resource: { uri: string }) => resource.uri),
      ["ui://ai-universe/council-panel.html"],
    );
    const search = async (client: TestClient) =>
      (
        (await client.callTool("conversation.search", { query: "private question" })).structuredContent as {
          results: { conversationId: string; snippet: string }[];
        }
      ).results;
    assert.deepEqual(await search(bob), []);
    const found = await search(ann);
    assert.equal(found[0]?.conversationId, conversationId);
    assert.match(found[0]?.snippet ?? "", /\*\*private\*\* \*\*question\*\*/);
    await assert.rejects(bob.readResource(`conversation://${conversationId}`));
    // The same idempotency key is bob's own: a new turn of his, not ann's stored one.
    const replayed = secondOpinionOf(await bob.callTool("agent.second_opinion", asked));
    assert.notEqual(replayed.conversationId, conversationId);
    // A user id claimed in the arguments or the request's metadata changes nothing.
    assert.match(
      errorTextOf(await bob.callTool("conversation.get-history", { conversationId, userId: "ann" })),
      /^invalid_argument/,
    );
    const spoofed = await bob.raw.callTool(
      { name: "conversation.get-history", arguments: { conversationId }, _meta: { userId: "ann" } },
      { timeout: 10_000 },
    );
    notFound(spoofed);

    // Ann still has everything, and her session cannot be used with bob's key.
    assert.equal(
      historyOf(await ann.callTool("conversation.get-history", { conversationId })).messages.length,
      2,
    );
    const sessionId = ann.raw.transport?.sessionId as string;
    assert.ok(sessionId, "the 2025 client has a session");
    const hijack = await fetch(`${server.url}/mcp`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        authorization: `Bearer ${makeKey(environment, "bob")}`,
        "mcp-session-id": sessionId,
        "mcp-protocol-version": "2025-11-25",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 9,
        method: "tools/call",
        params: { name: "conversation.list", arguments: {} },
      }),
    });
    assert.equal(hijack.status, 404);
  });

  it("tells an anonymous caller of /health the status alone, and a caller with a key the whole report", async () => {
    const anonymous = await fetch(`${server.url}/health`);
    assert.equal(anonymous.status, 200);
    assert.deepEqual(Object.keys((await anonymous.json()) as object), ["status"]);
    const wrong = await fetch(`${server.url}/health`, {
      headers: { authorization: "Bearer aiu_000000000000.wrongwrongwrongwrongwrongwrongwrongwrongwro" },
    });
    assert.deepEqual(Object.keys((await wrong.json()) as object), ["status"]);
    const known = await fetch(`${server.url}/health`, {
      headers: { authorization: `Bearer ${makeKey(environment, "hana")}` },
    });
    const report = (await known.json()) as {
      status: string;
      version: string;
      models: { available: unknown[] };
    };
    assert.equal(report.status, "ok");
    assert.ok(report.version && report.models.available.length > 0, JSON.stringify(report));
  });

  it("stops honouring a key the moment it is revoked", async () => {
    const key = makeKey(environment, "carl");
    const carl = await connectAs(key);
    assert.notEqual((await carl.callTool("conversation.list", {})).isError, true);
    assert.equal(cli(environment, "keys", "revoke", key.split(".")[0] ?? "").status, 0);
    await assert.rejects(connectAs(key));
    await assert.rejects(carl.callTool("conversation.list", {}));
  });

  it("limits requests per tier on every tool, counts a replay once, and reports usage", async () => {
    const dave = await connectAs(makeKey(environment, "dave", "limited"));
    const asked = { question: "Counted once?", maxOpinions: 0, idempotencyKey: "dave-1" };
    secondOpinionOf(await dave.callTool("agent.second_opinion", asked));
    secondOpinionOf(await dave.callTool("agent.second_opinion", asked));
    assert.notEqual((await dave.callTool("conversation.list", {})).isError, true);
    const before = (await dave.callTool("usage", {})).structuredContent as {
      tier: string;
      requests: { hour: { limit: number; used: number; resetsAt: string } };
    };
    assert.equal(before.tier, "limited");
    assert.equal(before.requests.hour.limit, 3);
    assert.equal(before.requests.hour.used, 2);
    assert.ok(Date.parse(before.requests.hour.resetsAt) > Date.now());
    const simulatorCalls = simulator.requests.length;
    assert.notEqual((await dave.callTool("conversation.list", {})).isError, true);
    const limited = await dave.callTool("agent.second_opinion", {
      question: "One too many?",
      maxOpinions: 0,
    });
    assert.match(errorTextOf(limited), /^rate_limited: .*3 requests per hour\. Retry after \S+ \(in \d+ s\)/);
    const details = errorMeta(limited);
    assert.equal(details.code, "rate_limited");
    assert.equal(details.limit, 3);
    assert.ok(Date.parse(String(details.retryAt)) > Date.now());
    assert.ok(Number(details.retryAfterSeconds) > 0 && Number(details.retryAfterSeconds) <= 3600);
    assert.match(
      errorTextOf(await dave.callTool("conversation.get-history", { conversationId: "x" })),
      /^rate_limited/,
    );
    assert.equal(simulator.requests.length, simulatorCalls, "a limited call reached a provider");
    const reported = cli(environment, "usage", "--user", "dave", "--format", "json");
    assert.equal(reported.status, 0, reported.stderr);
    const usage = JSON.parse(reported.stdout) as {
      tier: string;
      requests: { hour: { limit: number; used: number } };
    };
    assert.equal(usage.tier, "limited");
    assert.equal(usage.requests.hour.limit, 3);
    assert.ok(usage.requests.hour.used >= 3);
    assert.match(cli(environment, "usage", "--user", "dave").stdout, /requests per hour \d+ of 3, resets /);
  });
});

describe("limits over stdio, and mode none on the network", () => {
  let simulator: ProviderSimulator;
  let environment: Record<string, string>;
  before(async () => {
    simulator = await startProviderSimulator();
    const prepared = await serverEnvironment(simulator.url, { maxRetries: 0 });
    const configPath = join(prepared.directory, "local.json");
    writeFileSync(configPath, JSON.stringify({ tiers: { local: { requestsPerHour: 2 } } }));
    environment = { ...prepared.environment, AI_UNIVERSE_CONFIG: configPath };
  });
  after(async () => simulator?.close());

  it("counts the local user's requests over stdio against the local tier", async () => {
    const client = await connectClient("v1-2025-06-18", { transport: "stdio", environment });
    try {
      secondOpinionOf(await client.callTool("agent.second_opinion", { question: "One?", maxOpinions: 0 }));
      assert.notEqual((await client.callTool("conversation.list", {})).isError, true);
      assert.match(
        errorTextOf(await client.callTool("conversation.list", {})),
        /^rate_limited: .*2 requests per hour/,
      );
    } finally {
      await client.close();
    }
  });

  it("serves a non-loopback address once accounts are on", async () => {
    const open = await startHttpServerProcess({ ...environment, AI_UNIVERSE_AUTH: "api-key" }, [
      "--host",
      "0.0.0.0",
    ]);
    try {
      assert.match(open.url, /^http:\/\/0\.0\.0\.0:\d+$/);
      const port = new URL(open.url).port;
      const refused = await fetch(`http://127.0.0.1:${port}/mcp`, { method: "POST", body: "{}" });
      assert.equal(refused.status, 401);
    } finally {
      await open.stop();
    }
  });

  it("refuses to serve a non-loopback address without accounts, saying what to set", () => {
    const refused = cli(environment, "serve", "--host", "0.0.0.0", "--port", "0");
    assert.equal(refused.status, 2);
    assert.match(
      refused.stderr,
      /Refusing to serve on 0\.0\.0\.0 without accounts.*AI_UNIVERSE_AUTH=api-key/,
    );
    assert.doesNotMatch(refused.stderr, /\n\s+at /);
  });
});
