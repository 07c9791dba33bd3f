// Cancelling over HTTP on the 2025 revisions, as most clients do today: the client sends a separate
// `notifications/cancelled` POST, which the session routes to the running call. Every provider request
// is aborted (they would otherwise hang until the 120 s deadline), no synthesis is asked for, and nothing
// is stored.

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { type InProcessServer, startHttpServerInProcess } from "./support/http-server-in-process.ts";
import { type ClientKind, connectClient } from "./support/mcp-clients.ts";
import { serverEnvironment } from "./support/server-environment.ts";

describe("cancellation over HTTP on the 2025 revisions", () => {
  let simulator: ProviderSimulator;
  let server: InProcessServer;
  before(async () => {
    simulator = await startProviderSimulator();
    server = await startHttpServerInProcess(
      (await serverEnvironment(simulator.url, { modelDeadlineMs: 120_000 })).environment,
    );
  });
  after(async () => {
    await server?.stop();
    await simulator?.close();
  });

  for (const kind of ["v2-2025-11-25", "v2-2025-06-18", "v1-2025-11-25", "v1-2025-06-18"] as ClientKind[]) {
    it(`${kind}: a cancel aborts every provider request and stores nothing`, async () => {
      simulator.reset();
      simulator.setDefaultBehaviour({ hang: true });
      const client = await connectClient(kind, { transport: "http", url: server.url });
      try {
        const controller = new AbortController();
        const call = client.callTool(
          "agent.second_opinion",
          { question: `cancel me (${kind})`, maxOpinions: 2 },
          { signal: controller.signal },
        );
        await simulator.waitForRequests((requests) => requests.length === 3);
        controller.abort();
        await assert.rejects(call);
        await simulator.waitForRequests((requests) => requests.every((request) => request.aborted));
        simulator.setDefaultBehaviour({});
        const listed = await client.callTool("conversation.list", {});
        const titles = ((listed.structuredContent?.conversations ?? []) as { title: string }[]).map(
          (entry) => entry.title,
        );
        assert.ok(!titles.includes(`cancel me (${kind})`), "the cancelled turn was stored");
        assert.equal(simulator.requests.length, 3, "no synthesis or other request after the cancel");
      } finally {
        await client.close();
      }
    });
  }
});
