// The stdio transport: a cancelled call (notifications/cancelled) stops every provider request.

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { connectClient, type TestClient } from "./support/mcp-clients.ts";
import { serverEnvironment } from "./support/server-environment.ts";

describe("stdio transport", () => {
  let simulator: ProviderSimulator;
  let client: TestClient;
  before(async () => {
    simulator = await startProviderSimulator();
    client = await connectClient("v1-2025-11-25", {
      transport: "stdio",
      environment: serverEnvironment(simulator.url, { modelDeadlineMs: 60_000 }).environment,
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
    await simulator.waitForRequests((requests) => requests.every((request) => request.aborted), 5000);
  });
});
