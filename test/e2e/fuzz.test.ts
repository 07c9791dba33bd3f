// Fuzzing, as an attacker would: thousands of malformed JSON-RPC messages, headers and tool arguments
// over HTTP (with no key, a bad key and another user's key) and over stdio. Every one gets an error
// (never a 5xx, never silence), the server stays up, and the victim's conversation is untouched.
// FUZZ_SEED=n varies the inputs; a failure prints the seed and the input.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { makeApiKey } from "./support/cli-process.ts";
import { historyOf, secondOpinionOf } from "./support/e2e-fixture.ts";
import { mainScript, type ServerProcess, startHttpServerProcess } from "./support/http-server-process.ts";
import { connectClient, type TestClient } from "./support/mcp-clients.ts";
import { modernHeaders, modernMeta } from "./support/modern-request.ts";
import { serverEnvironment } from "./support/server-environment.ts";

const seed = Number(process.env.FUZZ_SEED ?? 20261130);

/** mulberry32: the same inputs for the same seed. */
function seeded(start: number) {
  let state = start >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, pick };
}

const tools = [
  "agent.second_opinion",
  "conversation.send-message",
  "conversation.get-history",
  "conversation.list",
  "conversation.delete",
  "usage",
  "agent_second_opinion",
  "no.such.tool",
];

/** A value of a random wrong kind. */
function junk(random: ReturnType<typeof seeded>, depth = 0): unknown {
  const kinds = [
    () => null,
    () => -1,
    () => 1e308,
    () => true,
    () => "",
    () => "\u0000\u202e<script>",
    () => "x".repeat(70_000),
    () => "../../etc/passwd",
    () => [junk(random, depth + 1)],
    () =>
      depth > 3 ? {} : { [random.pick(["__proto__", "constructor", "a", ""])]: junk(random, depth + 1) },
  ];
  return random.pick(kinds)();
}

/** Tool arguments that can never be valid: each has a wrong type, a missing field or an unknown key. */
function badArguments(random: ReturnType<typeof seeded>, victimConversation: string): unknown {
  const shapes = [
    () => junk(random),
    () => ({ question: junk(random), conversationId: victimConversation }),
    () => ({ conversationId: victimConversation, userId: "ann" }),
    () => ({ conversationId: victimConversation, limit: random.pick([-5, 0, 1e9, "10", 1.5]) }),
    () => ({ question: "q", maxOpinions: random.pick([-1, 99, "3", null]) }),
    () => ({ question: "q", maxCostUsd: random.pick([-1, 0, "1", 1e9]) }),
    () => ({
      content: "hi",
      conversationId: victimConversation,
      [random.pick(["owner", "user", "tier"])]: "ann",
    }),
    () => ({
      cursor: random.pick(["", "x".repeat(600), "eyJ.forged", 5]),
      conversationId: victimConversation,
    }),
  ];
  return random.pick(shapes)();
}

/** One malformed HTTP request: headers and a body. */
function badRequest(random: ReturnType<typeof seeded>, victimConversation: string, id: number) {
  const modern = modernHeaders;
  const meta = modernMeta("fuzz");
  const call = (name: string, args: unknown) => ({
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { name, arguments: args, _meta: meta },
  });
  const bodies: (() => { headers: Record<string, string>; body: string })[] = [
    () => ({ headers: modern, body: `{${"x".repeat(Math.floor(random.next() * 50))}` }),
    () => ({ headers: modern, body: "[".repeat(5000) + "]".repeat(5000) }),
    () => ({ headers: modern, body: JSON.stringify(junk(random)) }),
    () => ({
      headers: modern,
      body: JSON.stringify({ jsonrpc: random.pick(["1.0", 2, null]), id, method: "tools/list" }),
    }),
    () => ({
      headers: modern,
      body: JSON.stringify({ jsonrpc: "2.0", id: junk(random), method: junk(random) }),
    }),
    () => ({
      headers: modern,
      body: JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: junk(random) }),
    }),
    () => {
      const name = random.pick(tools);
      return {
        headers: { ...modern, "mcp-method": "tools/call", "mcp-name": name },
        body: JSON.stringify(call(name, badArguments(random, victimConversation))),
      };
    },
    () => ({
      headers: { ...modern, "mcp-method": "tools/call", "mcp-name": "conversation.get-history" },
      body: JSON.stringify({
        ...call("conversation.get-history", { conversationId: victimConversation }),
        params: {
          name: "conversation.get-history",
          arguments: { conversationId: victimConversation },
          _meta: junk(random),
        },
      }),
    }),
    () => ({
      headers: { ...modern, "content-type": random.pick(["text/plain", "application/xml", ""]) },
      body: JSON.stringify(call("conversation.list", { bogus: 1 })),
    }),
    () => ({
      headers: {
        ...modern,
        "mcp-protocol-version": random.pick(["1999-01-01", "garbage", "2026-07-28, 2025-11-25"]),
      },
      body: JSON.stringify(call("conversation.list", { bogus: 1 })),
    }),
    () => ({
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-session-id": random.pick(["x", "00000000-0000-0000-0000-000000000000"]),
      },
      body: JSON.stringify({ jsonrpc: "2.0", id, method: "tools/list" }),
    }),
    () => ({
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id,
        method: "tools/call",
        params: { name: "conversation.list", arguments: {} },
      }),
    }),
  ];
  return random.pick(bodies)();
}

/** Whether an HTTP answer is an error: 4xx, or a JSON-RPC error, or a tool result with isError. */
function isErrorAnswer(status: number, text: string): boolean {
  if (status >= 400 && status < 500) return true;
  if (status !== 200) return false;
  return /"error":\{/.test(text) || /"isError":true/.test(text);
}

describe("fuzzing", () => {
  let simulator: ProviderSimulator;
  let server: ServerProcess;
  let environment: Record<string, string>;
  let ann: TestClient;
  let victimConversation = "";
  let victimHistory = "";
  const keys: Record<string, string> = {};

  before(async () => {
    simulator = await startProviderSimulator();
    const prepared = await serverEnvironment(simulator.url, { maxRetries: 0 });
    const configPath = join(prepared.directory, "fuzz.json");
    writeFileSync(
      configPath,
      JSON.stringify({ tiers: { user: { requestsPerHour: null, requestsPerDay: null } } }),
    );
    environment = { ...prepared.environment, AI_UNIVERSE_CONFIG: configPath, AI_UNIVERSE_AUTH: "api-key" };
    for (const user of ["ann", "mallory"]) keys[user] = await makeApiKey(environment, user);
    server = await startHttpServerProcess(environment);
    ann = await connectClient("v2-modern", {
      transport: "http",
      url: server.url,
      headers: { authorization: `Bearer ${keys.ann}` },
    });
    victimConversation = secondOpinionOf(
      await ann.callTool("agent.second_opinion", { question: "Ann's secret plan?", maxOpinions: 1 }),
    ).conversationId;
    victimHistory = JSON.stringify(
      historyOf(await ann.callTool("conversation.get-history", { conversationId: victimConversation }))
        .messages,
    );
  });
  after(async () => {
    await ann?.close();
    await server?.stop();
    await simulator?.close();
  });

  it(`answers 2,000 malformed HTTP requests with errors and stays up (seed ${seed})`, async () => {
    const random = seeded(seed);
    const credentials = [
      undefined,
      `Bearer ${keys.mallory}`,
      "Bearer aiu_000000000000.forged",
      `Bearer ${"a".repeat(5000)}`,
    ];
    for (let batch = 0; batch < 100; batch++) {
      await Promise.all(
        Array.from({ length: 20 }, async (_, index) => {
          const id = batch * 20 + index + 1;
          const { headers, body } = badRequest(random, victimConversation, id);
          const authorization = random.pick(credentials);
          const response = await fetch(`${server.url}/mcp`, {
            method: "POST",
            headers: { ...headers, ...(authorization ? { authorization } : {}) },
            body,
            signal: AbortSignal.timeout(20_000),
          });
          const text = await response.text();
          assert.ok(
            isErrorAnswer(response.status, text),
            `seed ${seed}, request ${id}: HTTP ${response.status} ${text.slice(0, 300)}\nsent: ${body.slice(0, 300)}`,
          );
          assert.ok(!text.includes(keys.mallory ?? "-") && !text.includes("    at "), `request ${id} leaked`);
        }),
      );
    }
    const health = await fetch(`${server.url}/health`);
    assert.equal(health.status, 200);
    const after = historyOf(
      await ann.callTool("conversation.get-history", { conversationId: victimConversation }),
    );
    assert.equal(JSON.stringify(after.messages), victimHistory, "the victim's conversation changed");
    assert.ok(!/unexpected|Internal error/i.test(server.stderr()), server.stderr().slice(-2000));
    for (const key of Object.values(keys)) {
      assert.ok(!server.stderr().includes(key.split(".")[1] ?? "-"), "an API key reached the log");
    }
  });

  it(`answers 1,000 malformed stdio lines, each request exactly once, and stays up (seed ${seed})`, async () => {
    const random = seeded(seed + 1);
    const child = spawn(process.execPath, [mainScript, "mcp"], {
      env: environment,
      stdio: ["pipe", "pipe", "pipe"],
    });
    const replies: { id?: unknown }[] = [];
    let buffered = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) if (line.trim()) replies.push(JSON.parse(line));
    });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    const initialize = {
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "fuzz", version: "1" } },
    };
    child.stdin.write(
      `${JSON.stringify(initialize)}\n${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`,
    );
    let expectedUnparsable = 0;
    const ids: number[] = [];
    for (let line = 1; line <= 1000; line++) {
      if (random.next() < 0.3) {
        expectedUnparsable += 1;
        child.stdin.write(
          `${random.pick(["{", "}{", "nul", "\u0000", '{"jsonrpc":"2.0","id":'])}${"z".repeat(Math.floor(random.next() * 20))}\n`,
        );
        continue;
      }
      ids.push(line);
      const name = random.pick(tools);
      const message = random.pick([
        {
          jsonrpc: "2.0",
          id: line,
          method: "tools/call",
          params: { name, arguments: badArguments(random, victimConversation) },
        },
        {
          jsonrpc: "2.0",
          id: line,
          method: "tools/call",
          params: {
            name,
            arguments: {},
            _meta: { progressToken: random.pick([null, true, {}, [], { a: 1 }]) },
          },
        },
        {
          jsonrpc: "2.0",
          id: line,
          method: random.pick(["no/such", "tools/call", "resources/read"]),
          params: junk(random),
        },
        {
          jsonrpc: "2.0",
          id: line,
          method: "resources/read",
          params: { uri: `conversation://${victimConversation}` },
        },
      ]);
      const deep = `{"jsonrpc":"2.0","id":${line},"method":"tools/list","params":{"x":${"[".repeat(5000)}${"]".repeat(5000)}}}`;
      child.stdin.write(`${random.next() < 0.05 ? deep : JSON.stringify(message)}\n`);
    }
    child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: "last", method: "ping" })}\n`);
    // Replies may come in any order (a ping overtakes a tool call still waiting on the store), so wait
    // for every request's.
    const answered = () => new Set(replies.map((reply) => reply.id));
    const awaited = [...ids, "last"];
    const deadline = Date.now() + 60_000;
    while (!awaited.every((id) => answered().has(id)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    child.stdin.end();
    child.kill("SIGTERM");
    assert.ok(
      replies.some((reply) => reply.id === "last"),
      `no answer to the final ping; stderr:\n${stderr.slice(-2000)}`,
    );
    for (const id of ids) {
      const answers = replies.filter((reply) => reply.id === id);
      assert.equal(answers.length, 1, `seed ${seed}: request ${id} got ${answers.length} replies`);
      const answer = answers[0] as {
        error?: unknown;
        result?: { isError?: boolean; contents?: { text?: string }[] };
      };
      assert.ok(
        answer.error || answer.result?.isError,
        `seed ${seed}: request ${id} succeeded: ${JSON.stringify(answer).slice(0, 300)}`,
      );
    }
    assert.equal(replies.filter((reply) => reply.id === null).length, expectedUnparsable);
    assert.ok(!stderr.includes("    at "), "a stack trace reached stderr");
  });
});
