// The Node options `ai-universe serve` runs with (serverNodeOptions: V8's memory reducer off, so the
// server's own memory release decides when memory goes back). bin/ai-universe.js re-executes itself
// with them, keeping its pid, on a current Node; on an old Node it starts the pinned Node 24 with them;
// under a parent that talks to it over IPC it starts as it is (a re-executed process would lose the
// channel). Other commands run without them; `npm start` passes them too. Each server is looked at
// from outside, through /proc/PID/cmdline (Linux).

import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { serverNodeOptions } from "../../src/runtime/memory-release.ts";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { findOldNode } from "./support/old-node.ts";
import { serverEnvironment } from "./support/server-environment.ts";
import { untilWritten } from "./support/written-text.ts";

const launcher = fileURLToPath(new URL("../../bin/ai-universe.js", import.meta.url));
const packageJson = fileURLToPath(new URL("../../package.json", import.meta.url));

/** The command line of process `pid`, argument by argument. */
const commandLineOf = (pid: number) =>
  readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);

describe("the Node options ai-universe serve runs with", () => {
  let simulator: ProviderSimulator;
  let environment: Record<string, string>;
  const started: ChildProcess[] = [];
  before(async () => {
    simulator = await startProviderSimulator();
    environment = (await serverEnvironment(simulator.url)).environment;
  });
  after(async () => {
    for (const child of started) if (child.exitCode === null) child.kill("SIGKILL");
    await simulator?.close();
  });

  /** Starts `node launcher serve` and waits until it listens; `ipc` adds an IPC channel. */
  async function startServe(node: string, ipc = false) {
    const child = spawn(node, [launcher, "serve", "--port", "0"], {
      env: environment,
      stdio: ipc ? ["ignore", "ignore", "pipe", "ipc"] : ["ignore", "ignore", "pipe"],
    });
    started.push(child);
    let output = "";
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
    });
    await untilWritten(child.stderr, () => output, /MCP at http:\/\/\S+\/mcp/, 30_000, "the server");
    return child;
  }
  /** Stops `child` with SIGTERM and returns its exit code. */
  async function stop(child: ChildProcess) {
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    const [code] = await exited;
    return code;
  }

  it("re-executes serve with them on a current Node, keeping its pid, and stops cleanly", async () => {
    const child = await startServe(process.execPath);
    const commandLine = commandLineOf(child.pid as number);
    for (const option of serverNodeOptions) assert.ok(commandLine.includes(option), commandLine.join(" "));
    assert.ok(commandLine.includes("serve"), commandLine.join(" "));
    assert.equal(await stop(child), 0);
  });

  it("starts the pinned Node 24 with them from an old Node", async () => {
    const child = await startServe(findOldNode());
    const children = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, "utf8")
      .trim()
      .split(/\s+/);
    assert.equal(children.length, 1, `the launcher's children: ${children.join(" ")}`);
    const commandLine = commandLineOf(Number(children[0]));
    for (const option of serverNodeOptions) assert.ok(commandLine.includes(option), commandLine.join(" "));
    assert.equal(await stop(child), 0);
  });

  it("starts as it is under a parent that talks to it over IPC", async () => {
    const child = await startServe(process.execPath, true);
    const commandLine = commandLineOf(child.pid as number);
    for (const option of serverNodeOptions) assert.ok(!commandLine.includes(option), commandLine.join(" "));
    assert.equal(await stop(child), 0);
  });

  it("runs other commands without them: the stdio server answers as the process it started as", async () => {
    const child = spawn(process.execPath, [launcher, "mcp"], { env: environment, stdio: "pipe" });
    started.push(child);
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
    });
    const initialize = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "probe", version: "1" },
      },
    };
    child.stdin.write(`${JSON.stringify(initialize)}\n`);
    await untilWritten(child.stdout, () => output, /"id":1/, 30_000, "the stdio server");
    const commandLine = commandLineOf(child.pid as number);
    for (const option of serverNodeOptions) assert.ok(!commandLine.includes(option), commandLine.join(" "));
    child.stdin.end();
    await once(child, "exit");
  });

  it("npm start passes them", () => {
    const start = (JSON.parse(readFileSync(packageJson, "utf8")) as { scripts: { start: string } }).scripts
      .start;
    for (const option of serverNodeOptions) assert.ok(start.split(/\s+/).includes(option), start);
  });
});
