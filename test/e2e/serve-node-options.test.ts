// The Node options and variables `ai-universe serve` runs with, by memory profile
// (src/runtime/serve-node-options.ts: both with V8's memory reducer off, so the server's own memory release
// decides when memory goes back; the default, lean, with a smaller young generation, slower heap growth
// and one malloc arena unless the user sets MALLOC_ARENA_MAX; AI_UNIVERSE_MEMORY=fast without them).
// `serve` re-executes itself with them, keeping its pid, on a current Node, whether bin/ai-universe.js or
// `npm start` started it; on an old Node the launcher's pinned Node 24 does; under a parent that talks to
// it over IPC it starts as it is (a re-executed process would lose the channel), and says so under the lean
// profile, asked for or by default. Other commands run without them; an unknown profile stops the start,
// naming the ones there are.
// Each server is looked at from outside, through /proc/PID/cmdline and /proc/PID/environ (Linux).

import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { memoryProfiles } from "../../src/runtime/serve-node-options.ts";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { findOldNode } from "./support/old-node.ts";
import { serverEnvironment } from "./support/server-environment.ts";
import { untilWritten } from "./support/written-text.ts";

const launcher = fileURLToPath(new URL("../../bin/ai-universe.js", import.meta.url));
const repository = fileURLToPath(new URL("../..", import.meta.url));
const { fast, lean } = memoryProfiles;

/** The command line of process `pid`, argument by argument. */
const commandLineOf = (pid: number) =>
  readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);

/** Kills `child` and every process of its group (it was spawned detached: the group's leader). */
function killGroup(child: ChildProcess) {
  try {
    process.kill(-(child.pid as number), "SIGKILL");
  } catch {
    // The group has ended.
  }
}

/** The value of `name` in the environment process `pid` was started (or re-executed) with. */
const variableOf = (pid: number, name: string) =>
  readFileSync(`/proc/${pid}/environ`, "utf8")
    .split("\0")
    .find((entry) => entry.startsWith(`${name}=`))
    ?.slice(name.length + 1);

describe("the Node options ai-universe serve runs with", () => {
  let simulator: ProviderSimulator;
  let environment: Record<string, string>;
  const started: ChildProcess[] = [];
  before(async () => {
    simulator = await startProviderSimulator();
    environment = (await serverEnvironment(simulator.url)).environment;
  });
  after(async () => {
    // Each server started in a process group of its own: a failed test leaves no server behind, even one a
    // launcher or npm started, whose open output would keep this file from ending.
    for (const child of started) killGroup(child);
    await simulator?.close();
  });

  /**
   * Starts `command` (by default `node launcher serve`) with `variables` added to the environment and
   * waits until it listens; `ipc` adds an IPC channel. Resolves with the process and what it wrote.
   */
  async function startServe(
    node: string,
    { ipc = false, variables = {}, command = [launcher, "serve", "--port", "0"] } = {},
  ) {
    const child = spawn(node, command, {
      detached: true,
      env: { ...environment, ...variables },
      stdio: ipc ? ["ignore", "ignore", "pipe", "ipc"] : ["ignore", "ignore", "pipe"],
      cwd: repository,
    });
    started.push(child);
    let output = "";
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
    });
    await untilWritten(child.stderr, () => output, /MCP at http:\/\/\S+\/mcp/, 60_000, "the server");
    return { child, output: () => output };
  }
  /** The pid of `pid`'s one child process. */
  function onlyChildOf(pid: number) {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/);
    assert.equal(children.length, 1, `the children of ${pid}: ${children.join(" ")}`);
    return Number(children[0]);
  }
  /** Asserts that `commandLine` holds every option of `options` (or, with `present` false, none). */
  function assertOptions(commandLine: string[], options: readonly string[], present = true) {
    for (const option of options) assert.equal(commandLine.includes(option), present, commandLine.join(" "));
  }
  /** Stops `child` with SIGTERM and returns its exit code. */
  async function stop(child: ChildProcess) {
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    const [code] = await exited;
    return code;
  }

  it("re-executes serve with the lean profile's, the default, on a current Node, keeping its pid", async () => {
    const { child, output } = await startServe(process.execPath);
    const commandLine = commandLineOf(child.pid as number);
    assertOptions(commandLine, lean);
    assert.ok(commandLine.includes("serve"), commandLine.join(" "));
    assert.equal(variableOf(child.pid as number, "MALLOC_ARENA_MAX"), "1");
    assert.doesNotMatch(output(), /asks for Node options/);
    assert.equal(await stop(child), 0);
  });

  it("re-executes for the lean profile's one malloc arena alone, and keeps a MALLOC_ARENA_MAX of the user's", async () => {
    const optionsGiven = await startServe(process.execPath, {
      command: [...lean, launcher, "serve", "--port", "0"],
    });
    assert.equal(variableOf(optionsGiven.child.pid as number, "MALLOC_ARENA_MAX"), "1");
    assert.equal(await stop(optionsGiven.child), 0);
    const own = await startServe(process.execPath, { variables: { MALLOC_ARENA_MAX: "4" } });
    assertOptions(commandLineOf(own.child.pid as number), lean);
    assert.equal(variableOf(own.child.pid as number, "MALLOC_ARENA_MAX"), "4");
    assert.equal(await stop(own.child), 0);
  });

  it("takes only the fast profile's option with AI_UNIVERSE_MEMORY=fast", async () => {
    const { child } = await startServe(process.execPath, { variables: { AI_UNIVERSE_MEMORY: "fast" } });
    const commandLine = commandLineOf(child.pid as number);
    assertOptions(commandLine, fast);
    assertOptions(commandLine, ["--max-semi-space-size=8", "--heap-growing-percent=50"], false);
    assert.equal(variableOf(child.pid as number, "MALLOC_ARENA_MAX"), undefined);
    assert.equal(await stop(child), 0);
  });

  it("starts the pinned Node 24 with them from an old Node", async () => {
    const { child } = await startServe(findOldNode());
    const server = onlyChildOf(child.pid as number);
    assertOptions(commandLineOf(server), lean);
    assert.equal(variableOf(server, "MALLOC_ARENA_MAX"), "1");
    assert.equal(await stop(child), 0);
  });

  it("starts as it is under a parent that talks to it over IPC, and says so under the lean profile", async () => {
    const fastServer = await startServe(process.execPath, {
      ipc: true,
      variables: { AI_UNIVERSE_MEMORY: "fast" },
    });
    assertOptions(commandLineOf(fastServer.child.pid as number), fast, false);
    assert.doesNotMatch(fastServer.output(), /asks for Node options/);
    assert.equal(await stop(fastServer.child), 0);
    const asked = await startServe(process.execPath, {
      ipc: true,
      variables: { AI_UNIVERSE_MEMORY: "lean" },
    });
    assertOptions(commandLineOf(asked.child.pid as number), lean, false);
    assert.match(
      asked.output(),
      /AI_UNIVERSE_MEMORY=lean asks for Node options .*start it as "MALLOC_ARENA_MAX=1 node --no-memory-reducer --max-semi-space-size=8 --heap-growing-percent=50 /,
    );
    assert.equal(await stop(asked.child), 0);
    const byDefault = await startServe(process.execPath, { ipc: true });
    assertOptions(commandLineOf(byDefault.child.pid as number), lean, false);
    assert.match(
      byDefault.output(),
      /the default memory profile \(lean; AI_UNIVERSE_MEMORY=fast picks the other\) asks for Node options .*start it as "MALLOC_ARENA_MAX=1 node --no-memory-reducer --max-semi-space-size=8 /,
    );
    assert.equal(await stop(byDefault.child), 0);
  });

  it("stops the start on an unknown profile, naming the ones there are", async () => {
    const child = spawn(process.execPath, [launcher, "serve", "--port", "0"], {
      detached: true,
      env: { ...environment, AI_UNIVERSE_MEMORY: "tiny" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    started.push(child);
    let output = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
    });
    const [code] = await once(child, "exit");
    assert.equal(code, 2);
    assert.equal(
      output.trim(),
      'ai-universe: AI_UNIVERSE_MEMORY is "tiny": use "lean" (the default: least memory) or "fast" (least CPU per call, at about half again the memory).',
    );
  });

  it("runs other commands without them: the stdio server answers as the process it started as", async () => {
    const child = spawn(process.execPath, [launcher, "mcp"], {
      detached: true,
      env: { ...environment, AI_UNIVERSE_MEMORY: "lean" },
      stdio: "pipe",
    });
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
    assertOptions(commandLineOf(child.pid as number), lean, false);
    child.stdin.end();
    await once(child, "exit");
  });

  it("npm start takes them too", async () => {
    const { child } = await startServe("npm", { command: ["start", "--silent", "--", "--port", "0"] });
    const server = onlyChildOf(child.pid as number);
    assertOptions(commandLineOf(server), lean);
    assert.equal(variableOf(server, "MALLOC_ARENA_MAX"), "1");
    assert.equal(await stop(child), 0);
  });
});
