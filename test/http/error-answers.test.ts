// Every refusal the HTTP server makes outside MCP answers the one JSON error body of the error table,
// `{"error":{"code","message"}}` with the code's status: the web page's /api when it is not signed in,
// while the server drains, for a body too large or not JSON, for a host not allowed and for a path
// that does not exist. The MCP endpoint answers the same refusals as JSON-RPC errors, the stable code
// in `data`. A route that throws (health's store check, a use case behind /api) is answered by the
// one error handler: 500 with the error body, no stack, and the server keeps serving. Run in process:
// nothing here needs a process of its own.

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { errorTable } from "../../src/contract/error-table.ts";
import { type InProcessServer, startHttpServerInProcess } from "../e2e/support/http-server-in-process.ts";
import { serverEnvironment } from "../e2e/support/server-environment.ts";

const changing = { "content-type": "application/json", "x-requested-with": "ai-universe" };
const mcpHeaders = { "content-type": "application/json", accept: "application/json, text/event-stream" };
const listTools = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });

/** The status and the error of an answer, asserting it is the one JSON error body. */
async function errorAnswer(response: Response): Promise<{ status: number; code: string; message: string }> {
  const body = (await response.json()) as { error?: { code?: unknown; message?: unknown } };
  assert.deepEqual(Object.keys(body), ["error"], JSON.stringify(body));
  assert.equal(typeof body.error?.code, "string", JSON.stringify(body));
  assert.equal(typeof body.error?.message, "string", JSON.stringify(body));
  const code = body.error?.code as keyof typeof errorTable;
  assert.equal(response.status, errorTable[code].httpStatus, `${code} answered ${response.status}`);
  return { status: response.status, code, message: body.error?.message as string };
}

/** The JSON-RPC error of an answer of the MCP endpoint. */
async function jsonRpcAnswer(response: Response): Promise<{ code: number; data: { code: string } }> {
  const body = (await response.json()) as {
    jsonrpc: string;
    error: { code: number; data: { code: string } };
  };
  assert.equal(body.jsonrpc, "2.0", JSON.stringify(body));
  return body.error;
}

describe("HTTP error answers", () => {
  let server: InProcessServer;

  before(async () => {
    const { environment } = await serverEnvironment("http://127.0.0.1:9");
    server = await startHttpServerInProcess({ ...environment, AI_UNIVERSE_AUTH: "api-key" });
  });
  after(() => server?.stop());

  it("answers /api without credentials 401 with the JSON error body, /mcp with a JSON-RPC error", async () => {
    for (const path of ["/api/conversations", "/api/usage", "/api/conversations/some-id"]) {
      const refused = await fetch(`${server.url}${path}`);
      assert.match(refused.headers.get("www-authenticate") ?? "", /^Bearer /);
      const { status, code, message } = await errorAnswer(refused);
      assert.deepEqual([status, code], [401, "unauthenticated"], path);
      assert.match(message, /sign in: send an API key/);
    }
    const badKey = await fetch(`${server.url}/api/conversations`, {
      headers: { authorization: "Bearer aiu_000000000000.nothing" },
    });
    assert.equal((await errorAnswer(badKey)).code, "unauthenticated");
    const mcp = await fetch(`${server.url}/mcp`, { method: "POST", headers: mcpHeaders, body: listTools });
    assert.equal(mcp.status, 401);
    assert.deepEqual(await jsonRpcAnswer(mcp).then(({ code, data }) => [code, data.code]), [
      -32001,
      "unauthenticated",
    ]);
  });

  it("answers an /api body that is not JSON or too large with the JSON error body", async () => {
    const notJson = await fetch(`${server.url}/api/session`, {
      method: "POST",
      headers: changing,
      body: "{",
    });
    assert.equal((await errorAnswer(notJson)).code, "invalid_argument");
    const huge = await fetch(`${server.url}/api/session`, {
      method: "POST",
      headers: changing,
      body: JSON.stringify({ credential: "x".repeat(70_000) }),
    });
    assert.equal((await errorAnswer(huge)).code, "request_too_large");
  });

  it("answers a host not allowed 403 and a path that does not exist 404, in the same shape", async () => {
    const nowhere = await fetch(`${server.url}/nowhere`);
    assert.equal((await errorAnswer(nowhere)).code, "not_found");
    const foreign = await fetch(`${server.url}/api/me`, { headers: { origin: "http://attacker.example" } });
    assert.equal((await errorAnswer(foreign)).code, "forbidden");
    const foreignMcp = await fetch(`${server.url}/mcp`, {
      method: "POST",
      headers: { ...mcpHeaders, origin: "http://attacker.example" },
      body: listTools,
    });
    assert.equal(foreignMcp.status, 403);
    assert.equal((await jsonRpcAnswer(foreignMcp)).data.code, "forbidden");
  });

  it("answers every call 503 while draining: the JSON error body on /api, JSON-RPC on /mcp", async () => {
    const { environment } = await serverEnvironment("http://127.0.0.1:9");
    const draining = await startHttpServerInProcess(environment);
    try {
      assert.equal((await fetch(`${draining.url}/api/conversations`)).status, 200);
      assert.equal(await draining.drain(1000), 0);
      for (const path of ["/api/conversations", "/api/me"]) {
        const refused = await fetch(`${draining.url}${path}`);
        assert.equal(refused.headers.get("retry-after"), "1");
        const { code, message } = await errorAnswer(refused);
        assert.equal(code, "unavailable", path);
        assert.match(message, /shutting down; send the request again/);
      }
      const mcp = await fetch(`${draining.url}/mcp`, {
        method: "POST",
        headers: mcpHeaders,
        body: listTools,
      });
      assert.equal(mcp.status, 503);
      assert.deepEqual(await jsonRpcAnswer(mcp).then(({ code, data }) => [code, data.code]), [
        -32000,
        "unavailable",
      ]);
    } finally {
      await draining.stop();
    }
  });

  it("answers a route that throws (health, /ready, /api) 500 with the error body, and keeps serving", async () => {
    const { environment } = await serverEnvironment("http://127.0.0.1:9");
    const failing = await startHttpServerInProcess(environment);
    const { application } = failing.runtime;
    const { health, usage, listConversations } = application;
    try {
      const broken = async () => {
        throw new Error("disk on fire at /secret/path");
      };
      Object.assign(application, { health: broken, usage: broken, listConversations: broken });
      for (const path of ["/health", "/ready", "/api/usage"]) {
        const answer = await fetch(`${failing.url}${path}`);
        const { status, code, message } = await errorAnswer(answer);
        assert.deepEqual([status, code], [500, "internal_error"], path);
        assert.match(message, /failed unexpectedly; the error was logged\. Try again/);
        assert.doesNotMatch(message, /secret|disk on fire|at .*\.ts/);
      }
      Object.assign(application, { health, usage, listConversations });
      const healthy = await fetch(`${failing.url}/health`);
      assert.equal(healthy.status, 200);
      assert.equal(((await healthy.json()) as { status: string }).status, "ok");
      assert.equal((await fetch(`${failing.url}/api/usage`)).status, 200);
    } finally {
      Object.assign(application, { health, usage, listConversations });
      await failing.stop();
    }
  });
});
