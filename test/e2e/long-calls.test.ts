// Long calls on the 2026-07-28 revision over HTTP: a call that asks models is answered as
// `text/event-stream` with its headers sent at once, so a client whose headers timeout is shorter
// than the consultation (Node's fetch gives up at 300 s; here 2 s against a 6 s model) still gets its
// answer: the official v2 client and the AI SDK's MCP client. Quick requests stay plain JSON.

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createMCPClient } from "@ai-sdk/mcp";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Agent, fetch as undiciFetch } from "undici";
import { assertMatchesSchema } from "../support/seed-schemas.ts";
import { modelIds, useSimulatorEnvironment } from "./support/e2e-fixture.ts";
import { type InProcessServer, startHttpServerInProcess } from "./support/http-server-in-process.ts";
import { modernHeaders, modernMeta } from "./support/modern-request.ts";

/** A fetch that stops waiting for response headers after 2 s, as Node's does after 300 s. */
const impatient = new Agent({ headersTimeout: 2_000, bodyTimeout: 0 });
const impatientFetch = ((url: string | URL, init?: RequestInit) =>
  undiciFetch(url, { ...(init as object), dispatcher: impatient })) as unknown as typeof fetch;

const modern = modernHeaders;
const meta = modernMeta("long-calls");
const slowModelMs = 4_000;

describe("long calls on 2026-07-28 over HTTP", () => {
  const context = useSimulatorEnvironment({ modelDeadlineMs: 60_000 });
  let server: InProcessServer;
  before(async () => {
    server = await startHttpServerInProcess(context.environment);
  });
  after(async () => {
    await server?.stop();
    await impatient.close();
  });

  const callOf = (name: string, args: object) =>
    JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name, arguments: args, _meta: meta },
    });

  it("sends a consultation's headers as an event stream while the models are still answering", async () => {
    context.simulator.setBehaviour(modelIds.claude, { latencyMs: slowModelMs });
    const started = context.simulator.requests.length;
    const response = await impatientFetch(`${server.url}/mcp`, {
      method: "POST",
      headers: { ...modern, "mcp-method": "tools/call", "mcp-name": "agent_second_opinion" },
      body: callOf("agent_second_opinion", {
        question: "Stream me",
        primaryModel: "claude",
        secondaryModels: [],
      }),
    });
    assert.equal(response.status, 200);
    assert.match(response.headers.get("content-type") ?? "", /^text\/event-stream/);
    const finished = context.simulator.requests.slice(started).filter((request) => request.finishedAt);
    assert.deepEqual(finished, [], "the headers came before any model answered");
    const body = await response.text();
    const result = body
      .split("\n")
      .filter((line) => line.startsWith("data: "))
      .map((line) => JSON.parse(line.slice(6)) as { id?: number; result?: { structuredContent?: unknown } })
      .find((message) => message.id === 1);
    assertMatchesSchema("secondOpinion", result?.result?.structuredContent);
  });

  it("answers a quick request as plain JSON", async () => {
    const response = await impatientFetch(`${server.url}/mcp`, {
      method: "POST",
      headers: { ...modern, "mcp-method": "tools/call", "mcp-name": "conversation_list" },
      body: callOf("conversation_list", {}),
    });
    assert.equal(response.status, 200);
    assert.match(response.headers.get("content-type") ?? "", /^application\/json/);
    await response.text();
  });

  it("gives the official v2 client with a short headers timeout its answer", async () => {
    context.simulator.setBehaviour(modelIds.claude, { latencyMs: slowModelMs });
    const client = new Client(
      { name: "impatient-v2", version: "1" },
      { versionNegotiation: { mode: "auto" } },
    );
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { fetch: impatientFetch }),
    );
    try {
      const result = await client.callTool(
        {
          name: "agent_second_opinion",
          arguments: { question: "Still there?", primaryModel: "claude", secondaryModels: [] },
        },
        { timeout: 60_000 },
      );
      assert.notEqual(result.isError, true, JSON.stringify(result.content));
      assertMatchesSchema("secondOpinion", result.structuredContent);
    } finally {
      await client.close();
    }
  });

  it("gives the AI SDK's MCP client with a short headers timeout its answer", async () => {
    context.simulator.setBehaviour(modelIds.claude, { latencyMs: slowModelMs });
    const client = await createMCPClient({
      transport: { type: "http", url: `${server.url}/mcp`, fetch: impatientFetch },
    });
    try {
      const tools = await client.tools();
      const result = (await tools.agent_second_opinion?.execute?.(
        { question: "And you?", primaryModel: "claude", secondaryModels: [] },
        { toolCallId: "call-1", messages: [], context: {} },
      )) as { isError?: boolean; content: unknown; structuredContent?: unknown };
      assert.notEqual(result.isError, true, JSON.stringify(result.content));
      assertMatchesSchema("secondOpinion", result.structuredContent);
    } finally {
      await client.close();
    }
  });
});
