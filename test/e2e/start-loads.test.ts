// A fast start: the stdio server that MCP clients spawn at every start answers `initialize` and lists
// its tools without loading what only a configured backend or a call needs (PostgreSQL, Redis, the
// OpenTelemetry SDK, the web page, the HTTP server, the terminal renderers, the AI SDK, the model
// factory and every provider package), what only a call needs (the price data, the OpenTelemetry API,
// the log's pino, node:http with the undici it brings) or what only `serve` shows (prom-client's
// metrics). The built program (bin/ai-universe.js, what client configurations start) loads its start
// from its bundle in dist/cli alone: no file of node_modules, so neither zod's hundred files with its
// locales nor any package left out of the bundle. Checked by recording the modules the process loads,
// never by timing it.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import { sourceScript } from "./support/http-server-process.ts";
import { serverEnvironment } from "./support/server-environment.ts";

const recorder = fileURLToPath(new URL("./support/record-modules.ts", import.meta.url));
const launcher = fileURLToPath(new URL("../../bin/ai-universe.js", import.meta.url));
const bundle = fileURLToPath(new URL("../../dist/cli/", import.meta.url));

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
  ["marked", /\/node_modules\/marked\//],
  ["string-width (the live board and the Markdown renderer)", /\/node_modules\/string-width\//],
  ["the AI SDK", /\/node_modules\/ai\//],
  ["a provider package", /\/node_modules\/(@ai-sdk\/(?!provider\/)[^/]+|@openrouter\/ai-sdk-provider)\//],
  ["the AI SDK's provider interfaces (@ai-sdk/provider)", /\/node_modules\/@ai-sdk\/provider\//],
  // The vendors' registry (each src/providers/<vendor>/ folder, the simulated vendor's scripted model
  // with it, and the loader that requires a vendor's package at its first call) is read at start: the
  // configuration checks the config file's vendors against it. What a call needs is not.
  [
    "the model factory and the provider code (a call's)",
    /\/providers\/(create-language-model|provider-fetch|usable-models|model-availability|provider-probe)\./,
  ],
  ["prom-client (metrics, shown only by serve)", /\/node_modules\/prom-client\//],
  ["@pydantic/genai-prices (the price data)", /\/node_modules\/@pydantic\/genai-prices\//],
  ["the OpenTelemetry API (no OTLP endpoint is configured)", /\/node_modules\/@opentelemetry\/api\//],
  ["pino (nothing is logged)", /\/node_modules\/pino\//],
  ["pdf-lib (only an attached PDF needs it)", /\/node_modules\/(pdf-lib|pako|@pdf-lib\/[^/]+)\//],
  ["node:http (and with it undici)", /^node:https?$/],
];

/**
 * Starts `node script mcp` with the module recorder, sends `initialize` and `tools/list`, checks that
 * tools were listed, closes stdin and returns the URL of every module the process loaded.
 */
async function modulesOfAStart(script: string): Promise<string[]> {
  const { environment, directory } = await serverEnvironment("http://127.0.0.1:9");
  const list = join(directory, "modules.txt");
  const child = spawn(process.execPath, [script, "mcp"], {
    env: { ...environment, NODE_OPTIONS: `--import ${recorder}`, RECORD_MODULES_TO: list },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const exited = once(child, "exit").then(([code]) => code as number | null);
  const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
  send({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
  });
  send({ jsonrpc: "2.0", method: "notifications/initialized" });
  send({ jsonrpc: "2.0", id: 2, method: "tools/list" });
  await new Promise<void>((resolve, reject) => {
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      if (stdout.includes('"id":2')) resolve();
    });
    exited.then((code) => reject(new Error(`exited with ${code}: ${stderr}`)));
  });
  child.stdin.end();
  assert.equal(await exited, 0, stderr);
  const answers = stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { id: number; result?: { tools?: unknown[] } });
  assert.ok((answers.find((answer) => answer.id === 2)?.result?.tools?.length ?? 0) > 0, stdout);
  return readFileSync(list, "utf8").split("\n");
}

function assertNoneLoaded(loaded: string[]): void {
  for (const [name, pattern] of notAtStart) {
    const found = loaded.filter((url) => pattern.test(url));
    assert.deepEqual(found, [], `${name} was loaded at start`);
  }
}

describe("start", () => {
  it("answers initialize and tools/list over stdio without loading what no call has needed yet", async () => {
    const loaded = await modulesOfAStart(sourceScript);
    assert.ok(
      loaded.some((url) => url.includes("@modelcontextprotocol/server")),
      "the recorder saw the start",
    );
    assertNoneLoaded(loaded);
  });

  it("built, answers them from its bundle alone: nothing from node_modules or src", async () => {
    assert.ok(
      existsSync(join(bundle, "main.js")),
      `${bundle}main.js is missing: run npm run build (npm test does) before this test`,
    );
    const loaded = await modulesOfAStart(launcher);
    const files = loaded.filter((url) => url.startsWith("file:"));
    const recorderUrl = pathToFileURL(recorder).href;
    assert.ok(
      files.some((url) => url.startsWith(pathToFileURL(bundle).href)),
      "the recorder saw the start",
    );
    const outside = files.filter(
      (url) =>
        url !== recorderUrl &&
        url !== pathToFileURL(launcher).href &&
        !url.startsWith(pathToFileURL(bundle).href),
    );
    assert.deepEqual(
      outside,
      [],
      "every module of the start comes from the bundle in dist/cli (npm run build makes it)",
    );
    assertNoneLoaded(loaded);
  });
});
