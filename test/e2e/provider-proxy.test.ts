// A server started with HTTP_PROXY sends every provider call through that proxy, as docs/operations.md
// (Environment) promises: a forwarding proxy between the server and the simulator sees each call, and the
// consultation still succeeds.

import assert from "node:assert/strict";
import { once } from "node:events";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { secondOpinionOf, useSimulatorEnvironment } from "./support/e2e-fixture.ts";
import { type InProcessServer, startHttpServerInProcess } from "./support/http-server-in-process.ts";
import { connectClient, type TestClient } from "./support/mcp-clients.ts";

/** A forwarding proxy for plain HTTP: records each absolute-form target and relays the exchange. */
async function startForwardingProxy(): Promise<{ server: Server; url: string; seen: string[] }> {
  const seen: string[] = [];
  const server = createServer((incoming, outgoing) => {
    seen.push(`${incoming.method} ${incoming.url}`);
    const forwarded = request(
      incoming.url ?? "",
      { method: incoming.method, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on("error", () => outgoing.writeHead(502).end());
    incoming.pipe(forwarded);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

describe("provider calls through a proxy", () => {
  const context = useSimulatorEnvironment({ maxRetries: 0 });
  let proxy: Awaited<ReturnType<typeof startForwardingProxy>>;
  let server: InProcessServer;
  let client: TestClient;
  before(async () => {
    proxy = await startForwardingProxy();
    server = await startHttpServerInProcess({ ...context.environment, HTTP_PROXY: proxy.url });
    client = await connectClient("v2-modern", { transport: "http", url: server.url });
  });
  after(async () => {
    await client?.close();
    await server?.stop();
    proxy?.server.closeAllConnections();
    proxy?.server.close();
  });

  it("sends every opinion and the synthesis through HTTP_PROXY", async () => {
    const result = secondOpinionOf(
      await client.callTool("agent.second_opinion", {
        question: "Through the proxy?",
        primaryModel: "cerebras",
        secondaryModels: ["gemini", "grok", "openai"],
        synthesisModel: "claude",
      }),
    );
    assert.equal(result.summary.successfulModels, 4);
    assert.ok(result.synthesis && !result.synthesis.error);
    const simulatorHost = new URL(context.simulator.url).host;
    for (const path of ["/cerebras/v1/", "/google/v1beta/", "/xai/v1/", "/openai/v1/", "/anthropic/v1/"]) {
      assert.ok(
        proxy.seen.some((line) => line.startsWith(`POST http://${simulatorHost}${path}`)),
        `no call to ${path} went through the proxy: ${proxy.seen.join(", ")}`,
      );
    }
  });
});
