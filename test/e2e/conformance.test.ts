// Runs the MCP conformance suite's `server-sse-polling` scenario against the server (started as the
// other end-to-end tests start it): a 2025-11-25 session's POST stream starts with a priming event
// that has an id and a `retry` delay, and a client reconnecting with `Last-Event-ID` is answered.
// The one check that needs the suite's own `test_reconnection` tool (which this server does not have)
// is allowed to warn; any other warning or failure fails the test.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createRequire } from "node:module";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { type ServerProcess, startHttpServerProcess } from "./support/http-server-process.ts";
import { serverEnvironment } from "./support/server-environment.ts";

const conformance = join(
  createRequire(import.meta.url).resolve("@modelcontextprotocol/conformance/package.json"),
  "../dist/index.js",
);

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
    server = await startHttpServerProcess((await serverEnvironment(simulator.url)).environment);
  });
  after(async () => {
    await server?.stop();
    await simulator?.close();
  });

  it("primes POST streams with an event id and a retry delay, and warns of nothing else", async () => {
    const { checks, output } = await runScenario(`${server.url}/mcp`, "server-sse-polling");
    const status = new Map(checks);
    assert.equal(status.get("server-sse-priming-event"), "SUCCESS", output);
    assert.equal(status.get("server-sse-retry-field"), "SUCCESS", output);
    const complaints = checks.filter(
      ([id, result]) =>
        (result === "WARNING" || result === "FAILURE") &&
        // Needs the suite's `test_reconnection` tool, which closes its stream mid-call.
        id !== "server-sse-disconnect-resume",
    );
    assert.deepEqual(complaints, [], output);
  });
});
