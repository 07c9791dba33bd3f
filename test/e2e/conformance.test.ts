// Runs the MCP conformance suite's `server-sse-polling` scenario against the server (started as the
// other end-to-end tests start it, with the `conformanceTools` setting on): a 2025-11-25 session's POST
// stream starts with a priming event that has an id and a `retry` delay, and the suite's
// `test_reconnection` tool closes its stream mid-call, so the answer reaches the client only through
// the stream it resumes with `Last-Event-ID`. Any warning or failure fails the test. The official
// clients get that answer the same way; and a server without the setting neither lists nor runs the tool.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createRequire } from "node:module";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import {
  Client as ClientV2,
  StreamableHTTPClientTransport as HttpTransportV2,
} from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as HttpTransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { type ServerProcess, startHttpServerProcess } from "./support/http-server-process.ts";
import { connectClient, type ToolResult } from "./support/mcp-clients.ts";
import { serverEnvironment } from "./support/server-environment.ts";

const conformance = join(
  createRequire(import.meta.url).resolve("@modelcontextprotocol/conformance/package.json"),
  "../dist/index.js",
);

const clientInfo = { name: "conformance-e2e", version: "1.0.0" };

/** The checks a scenario reported, as `[id, status]`. */
async function runScenario(
  url: string,
  scenario: string,
): Promise<{ checks: [string, string][]; output: string }> {
  const child = spawn(process.execPath, [conformance, "server", "--url", url, "--scenario", scenario], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  await once(child, "exit");
  const plain = output.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g"), "");
  const checks = [...plain.matchAll(/\[([a-z-]+)\s*\]\s+(SUCCESS|FAILURE|WARNING|INFO)/g)].map(
    (match): [string, string] => [match[1] ?? "", match[2] ?? ""],
  );
  return { checks, output: plain };
}

describe("MCP conformance: server-sse-polling", () => {
  let simulator: ProviderSimulator;
  let server: ServerProcess;
  before(async () => {
    simulator = await startProviderSimulator();
    const { environment } = await serverEnvironment(simulator.url);
    server = await startHttpServerProcess({ ...environment, AI_UNIVERSE_CONFORMANCE_TOOLS: "1" });
  });
  after(async () => {
    await server?.stop();
    await simulator?.close();
  });

  it("primes POST streams, closes test_reconnection's mid-call and answers on the resumed one", async () => {
    const { checks, output } = await runScenario(`${server.url}/mcp`, "server-sse-polling");
    const status = new Map(checks);
    assert.equal(status.get("server-sse-priming-event"), "SUCCESS", output);
    assert.equal(status.get("server-sse-retry-field"), "SUCCESS", output);
    assert.equal(status.get("server-sse-disconnect-resume"), "SUCCESS", output);
    const complaints = checks.filter(([, result]) => result === "WARNING" || result === "FAILURE");
    assert.deepEqual(complaints, [], output);
  });

  const clients = {
    async v1(fetch: typeof globalThis.fetch) {
      const client = new ClientV1(clientInfo);
      await client.connect(new HttpTransportV1(new URL(`${server.url}/mcp`), { fetch }));
      return client;
    },
    async v2(fetch: typeof globalThis.fetch) {
      const client = new ClientV2(clientInfo);
      await client.connect(new HttpTransportV2(new URL(`${server.url}/mcp`), { fetch }));
      return client;
    },
  };
  for (const [major, connect] of Object.entries(clients)) {
    it(`gives the official ${major} client on 2025-11-25 the answer on the stream it resumes`, async () => {
      const resumedFrom: string[] = [];
      const recording: typeof globalThis.fetch = (input, init) => {
        const lastEventId = new Headers(init?.headers).get("last-event-id");
        if ((init?.method ?? "GET") === "GET" && lastEventId) resumedFrom.push(lastEventId);
        return fetch(input, init);
      };
      const client = await connect(recording);
      try {
        const names = (await client.listTools()).tools.map((tool) => tool.name);
        assert.ok(names.includes("test_reconnection"), names.join(", "));
        const result = (await client.callTool({ name: "test_reconnection", arguments: {} })) as ToolResult;
        assert.notEqual(result.isError, true);
        assert.match(result.content[0]?.text ?? "", /after the server closed the stream/);
        assert.equal(resumedFrom.length, 1, "the client resumed the closed stream once, with Last-Event-ID");
      } finally {
        await client.close();
      }
    });
  }

  it("answers on the call's own stream where it cannot be resumed, never cancelling itself", async () => {
    for (const kind of ["v2-modern", "v1-2025-06-18"] as const) {
      const client = await connectClient(kind, { transport: "http", url: server.url });
      try {
        const result = await client.callTool("test_reconnection", {});
        assert.match(result.content[0]?.text ?? "", /without closing the stream/, kind);
      } finally {
        await client.close();
      }
    }
  });
});

describe("the conformance tools, with the setting off (the default)", () => {
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

  it("are neither listed nor run", async () => {
    const client = await connectClient("v2-2025-11-25", { transport: "http", url: server.url });
    try {
      const names = (await client.listTools()).map((tool) => tool.name);
      assert.ok(names.includes("agent_second_opinion"), names.join(", "));
      assert.ok(!names.includes("test_reconnection"), names.join(", "));
      await assert.rejects(client.callTool("test_reconnection", {}), /Unknown tool "test_reconnection"/);
    } finally {
      await client.close();
    }
  });
});
