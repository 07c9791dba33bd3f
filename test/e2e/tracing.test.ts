// OpenTelemetry traces, exported only when an OTLP endpoint is configured: a consultation is one span
// with a child per model call, one for the synthesis and one for the store write, all in one trace,
// with latency, tokens and cost and never the prompt. A local OTLP/HTTP receiver collects them.

import assert from "node:assert/strict";
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, it } from "node:test";
import { secondOpinionOf, useSimulatorEnvironment } from "./support/e2e-fixture.ts";
import { startHttpServerProcess } from "./support/http-server-process.ts";
import { connectClient } from "./support/mcp-clients.ts";

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: { key: string; value: Record<string, unknown> }[];
}

describe("tracing", () => {
  const context = useSimulatorEnvironment({ maxRetries: 0 });

  it("exports one trace per consultation to the configured OTLP endpoint", async () => {
    const spans: OtlpSpan[] = [];
    const bodies: string[] = [];
    const receiver = createServer((request, response) => {
      let body = "";
      request.setEncoding("utf8");
      request.on("data", (chunk: string) => {
        body += chunk;
      });
      request.on("end", () => {
        bodies.push(body);
        const parsed = JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };
        for (const resource of parsed.resourceSpans)
          for (const scope of resource.scopeSpans) spans.push(...scope.spans);
        response.writeHead(200, { "content-type": "application/json" }).end("{}");
      });
    });
    receiver.listen(0, "127.0.0.1");
    await once(receiver, "listening");
    const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    const server = await startHttpServerProcess({
      ...context.environment,
      OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
      OTEL_BSP_SCHEDULE_DELAY: "100",
    });
    try {
      const client = await connectClient("v2-modern", { transport: "http", url: server.url });
      secondOpinionOf(
        await client.callTool("agent.second_opinion", {
          question: "A traced question about walruses",
          primaryModel: "cerebras",
          secondaryModels: ["grok"],
          synthesisModel: "cerebras",
        }),
      );
      await client.close();
      const deadline = Date.now() + 30_000;
      while (!spans.some((span) => span.name === "consultation") && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const root = spans.find((span) => span.name === "consultation");
      assert.ok(root, `no consultation span among ${spans.map((span) => span.name).join(", ")}`);
      const children = spans
        .filter((span) => span.parentSpanId === root.spanId)
        .map((span) => span.name)
        .sort();
      assert.deepEqual(children, ["model cerebras", "model grok", "store.saveTurn", "synthesis cerebras"]);
      const grok = spans.find((span) => span.name === "model grok");
      assert.equal(grok?.traceId, root.traceId);
      assert.ok(grok?.attributes.some((attribute) => attribute.key === "ai_universe.tokens"));
      assert.ok(grok?.attributes.some((attribute) => attribute.key === "ai_universe.cost_usd"));
      assert.ok(!bodies.join("").includes("walruses"), "a prompt reached the traces");
    } finally {
      await server.stop();
      receiver.close();
    }
  });
});
