// A fast start: the stdio server that MCP clients spawn at every start answers `initialize` and lists
// its tools without loading what only a configured backend or a call needs (PostgreSQL, Redis, the
// OpenTelemetry SDK, the web page, the HTTP server, the terminal renderers, the AI SDK and its
// provider packages), what only a call needs (the price data, the OpenTelemetry API, the log's pino,
// node:http with the undici it brings) or what only `serve` shows (prom-client's metrics). Checked by
// recording the modules the process loads, never by timing it.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { startCli } from "./support/cli-process.ts";
import { serverEnvironment } from "./support/server-environment.ts";

const recorder = fileURLToPath(new URL("./support/record-modules.ts", import.meta.url));

/** What a start must not load, by the pattern its module URLs match. */
const notAtStart: [string, RegExp][] = [
  ["pg (PostgreSQL)", /\/node_modules\/pg\//],
  ["the PostgreSQL store", /\/store\/postgres\//],
  ["redis", /\/node_modules\/(redis|@redis\/[^/]+)\//],
  [
    "the OpenTelemetry SDK",
    /\/node_modules\/@opentelemetry\/(sdk-trace-base|exporter-trace-otlp-http|context-async-hooks)\//,
  ],
  ["the web page", /\/(http\/web-page|dist\/web\/)/],
  ["the HTTP server", /\/http\/http-server\./],
  ["marked / marked-terminal", /\/node_modules\/marked(-terminal)?\//],
  ["log-update", /\/node_modules\/log-update\//],
  ["the AI SDK", /\/node_modules\/ai\//],
  ["a provider package", /\/node_modules\/(@ai-sdk\/(?!provider\/)[^/]+|@openrouter\/ai-sdk-provider)\//],
  ["prom-client (metrics, shown only by serve)", /\/node_modules\/prom-client\//],
  ["@pydantic/genai-prices (the price data)", /\/node_modules\/@pydantic\/genai-prices\//],
  ["the OpenTelemetry API (no OTLP endpoint is configured)", /\/node_modules\/@opentelemetry\/api\//],
  ["pino (nothing is logged)", /\/node_modules\/pino\//],
  ["node:http (and with it undici)", /^node:https?$/],
];

describe("start", () => {
  it("answers initialize and tools/list over stdio without loading what no call has needed yet", async () => {
    const { environment, directory } = await serverEnvironment("http://127.0.0.1:9");
    const list = join(directory, "modules.txt");
    const run = startCli(["mcp"], {
      ...environment,
      NODE_OPTIONS: `--import ${recorder}`,
      RECORD_MODULES_TO: list,
    });
    const send = (message: unknown) => run.child.stdin.write(`${JSON.stringify(message)}\n`);
    send({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
    });
    send({ jsonrpc: "2.0", method: "notifications/initialized" });
    send({ jsonrpc: "2.0", id: 2, method: "tools/list" });
    await new Promise<void>((resolve, reject) => {
      run.child.stdout.on("data", () => {
        if (run.stdout().includes('"id":2')) resolve();
      });
      run.exited.then((code) => reject(new Error(`exited with ${code}: ${run.stderr()}`)));
    });
    run.child.stdin.end();
    assert.equal(await run.exited, 0, run.stderr());
    const answers = run
      .stdout()
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { id: number; result?: { tools?: unknown[] } });
    assert.ok((answers.find((answer) => answer.id === 2)?.result?.tools?.length ?? 0) > 0, run.stdout());
    const loaded = readFileSync(list, "utf8").split("\n");
    assert.ok(
      loaded.some((url) => url.includes("@modelcontextprotocol/server")),
      "the recorder saw the start",
    );
    for (const [name, pattern] of notAtStart) {
      const found = loaded.filter((url) => pattern.test(url));
      assert.deepEqual(found, [], `${name} was loaded at start`);
    }
  });
});
