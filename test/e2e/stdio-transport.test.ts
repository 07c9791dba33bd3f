// The stdio transport: a cancelled call (notifications/cancelled) stops every provider request, and
// every malformed line gets exactly one reply (one line on stderr), an oversized one included.

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { startCli } from "./support/cli-process.ts";
import { connectClient, type TestClient } from "./support/mcp-clients.ts";
import { serverEnvironment } from "./support/server-environment.ts";

describe("stdio transport", () => {
  let simulator: ProviderSimulator;
  let client: TestClient;
  before(async () => {
    simulator = await startProviderSimulator();
    client = await connectClient("v1-2025-11-25", {
      transport: "stdio",
      environment: (await serverEnvironment(simulator.url, { modelDeadlineMs: 60_000 })).environment,
    });
  });
  after(async () => {
    await client?.close();
    await simulator?.close();
  });

  it("aborts every provider request when the client cancels the call", async () => {
    simulator.setDefaultBehaviour({ hang: true });
    const controller = new AbortController();
    const call = client.callTool(
      "agent.second_opinion",
      { question: "cancel over stdio", maxOpinions: 3 },
      {
        signal: controller.signal,
      },
    );
    await simulator.waitForRequests((requests) => requests.length === 4);
    controller.abort();
    await assert.rejects(call);
    await simulator.waitForRequests((requests) => requests.every((request) => request.aborted));
  });

  it("answers every request with an id exactly once, malformed or oversized, with one stderr line each", async () => {
    const run = startCli(["mcp"], (await serverEnvironment(simulator.url)).environment);
    const { child } = run;
    const send = (message: unknown) =>
      child.stdin.write(`${typeof message === "string" ? message : JSON.stringify(message)}\n`);
    send({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
    });
    send({ jsonrpc: "2.0", method: "notifications/initialized" });
    send({ jsonrpc: "2.0", id: 2, method: "tools/list", params: { _meta: "not an object" } });
    send({
      jsonrpc: "2.0",
      id: 3,
      method: "tools/call",
      params: { name: "conversation.list", arguments: {}, _meta: { progressToken: { bad: true } } },
    });
    send("{not json");
    send({ jsonrpc: "2.0", id: 4, method: "ping", params: { padding: "x".repeat(17 * 1024 * 1024) } });
    send({
      jsonrpc: "2.0",
      id: 5,
      method: "tools/call",
      params: { name: "conversation.list", arguments: {} },
    });
    const replies = () =>
      run
        .stdout()
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { id: unknown; error?: { code: number }; result?: unknown });
    while (!replies().some((reply) => reply.id === 5))
      await new Promise((resolve) => setTimeout(resolve, 20));
    child.stdin.end();
    await run.exited;
    const byId = (id: unknown) => replies().filter((reply) => reply.id === id);
    for (const id of [2, 3, 4]) {
      assert.equal(byId(id).length, 1, `one reply to ${id}`);
      assert.equal(byId(id)[0]?.error?.code, -32600, `an error reply to ${id}`);
    }
    assert.equal(byId(null)[0]?.error?.code, -32700, "a parse error for the line that is not JSON");
    assert.ok(byId(5)[0]?.result, "the server kept serving");
    const stderr = run.stderr();
    const refusals = stderr.split("\n").filter((line) => line.includes("refused"));
    assert.equal(refusals.length, 4, stderr);
    assert.ok(stderr.split("\n").length < 12, `a short stderr:\n${stderr}`);
  });
});
