// The operator's log: JSON lines with the request id (the caller's X-Request-Id, echoed back) and the
// user id on every line of a request, no key or prompt, and the level from AI_UNIVERSE_LOG_LEVEL.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { makeApiKey } from "./support/cli-process.ts";
import { useSimulatorEnvironment } from "./support/e2e-fixture.ts";
import { startHttpServerProcess } from "./support/http-server-process.ts";
import { connectClient } from "./support/mcp-clients.ts";

/** The JSON lines of a server's stderr, parsed. */
const jsonLines = (stderr: string) =>
  stderr
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe("logs", () => {
  const context = useSimulatorEnvironment({ maxRetries: 0 });

  it("writes one JSON line per request with its id and user, and never the key or the prompt", async () => {
    const environment = {
      ...context.environment,
      AI_UNIVERSE_AUTH: "api-key",
      AI_UNIVERSE_LOG_FORMAT: "json",
    };
    const key = await makeApiKey(environment, "logan");
    const server = await startHttpServerProcess(environment);
    try {
      const client = await connectClient("v2-modern", {
        transport: "http",
        url: server.url,
        headers: { authorization: `Bearer ${key}`, "x-request-id": "trace-me-42" },
      });
      await client.callTool("agent.second_opinion", {
        question: "A private prompt about llamas",
        maxOpinions: 0,
      });
      await client.close();
      const refused = await fetch(`${server.url}/mcp`, { method: "POST", body: "{}" });
      assert.ok(refused.headers.get("x-request-id"), "every response says its request id");
      await server.says(/"status":401/);
      const lines = jsonLines(server.stderr());
      const traced = lines.filter((line) => line.requestId === "trace-me-42");
      assert.ok(traced.length > 0, server.stderr());
      assert.ok(
        traced.some(
          (line) =>
            line.msg === "request" && line.path === "/mcp" && line.status === 200 && line.userId === "logan",
        ),
      );
      assert.ok(lines.some((line) => line.msg === "request" && line.status === 401));
      assert.ok(!server.stderr().includes(key.split(".")[1] ?? "-"), "a key reached the log");
      assert.ok(!server.stderr().includes("llamas"), "a prompt reached the log");
    } finally {
      await server.stop();
    }
  });

  it("logs a session-less GET /mcp (a 2025 client looking for a stream) as a request, with no warning", async () => {
    const server = await startHttpServerProcess({ ...context.environment, AI_UNIVERSE_LOG_FORMAT: "json" });
    try {
      const response = await fetch(`${server.url}/mcp`, { headers: { accept: "text/event-stream" } });
      assert.equal(response.status, 405);
      await response.body?.cancel();
      await server.says(/"method":"GET"[^\n]*"msg":"request"/);
      const logged = jsonLines(server.stderr());
      assert.deepEqual(
        logged.filter((line) => line.level === "warn" || line.level === "error"),
        [],
        server.stderr(),
      );
    } finally {
      await server.stop();
    }
  });

  it("leaves out lines below AI_UNIVERSE_LOG_LEVEL", async () => {
    const server = await startHttpServerProcess({
      ...context.environment,
      AI_UNIVERSE_LOG_FORMAT: "json",
      AI_UNIVERSE_LOG_LEVEL: "warn",
    });
    try {
      await fetch(`${server.url}/health`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.ok(!server.stderr().includes('"msg":"request"'), server.stderr());
    } finally {
      await server.stop();
    }
  });
});
