// The processes a benchmark runs, for both modes of `npm run bench`: every server it measures is
// started with bench/process-probe.ts preloaded (so it answers over IPC with its CPU, allocation and
// heap), the provider simulator runs in a child process of its own and is scripted over HTTP, and
// progress goes to stderr so that stdout holds only the results.

import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { defaultIdleMs } from "../src/runtime/memory-release.ts";
import { serveNodeOptions, withServeVariables } from "../src/runtime/serve-node-options.ts";
import { mainScript } from "../test/e2e/support/http-server-process.ts";

const probe = fileURLToPath(new URL("./process-probe.ts", import.meta.url));
const simulatorScript = fileURLToPath(new URL("../test/simulator/main.ts", import.meta.url));

/** A started process and the URL it printed once it listened. */
export interface StartedProcess {
  child: ChildProcess;
  url: string;
}

/**
 * Runs Node with `nodeOptions`, `args` and the probe preloaded; resolves with the first capture of
 * `pattern` in its output (its URL), rejects with the output if it exits before. A later non-zero exit, or a death by
 * a signal other than the SIGTERM that stops it, is written to stderr with the end of the output, so
 * a subject dying mid-run says why.
 */
export async function startProcess(
  args: string[],
  environment: Record<string, string>,
  pattern: RegExp,
  nodeOptions: readonly string[] = [],
): Promise<StartedProcess> {
  const child = spawn(process.execPath, [...nodeOptions, "--expose-gc", "--import", probe, ...args], {
    env: environment,
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  let output = "";
  let listening = false;
  const url = await new Promise<string>((resolve, reject) => {
    // Only the end of the output is kept, and searched only until found: a server logs a line per
    // request, and scanning all of it per chunk would cost the benchmark's own process seconds of CPU.
    const read = (chunk: string) => {
      output = (output + chunk).slice(-20_000);
      const match = listening ? undefined : output.match(pattern);
      if (match?.[1]) {
        listening = true;
        resolve(match[1]);
      }
    };
    child.stdout?.setEncoding("utf8").on("data", read);
    child.stderr?.setEncoding("utf8").on("data", read);
    child.once("exit", (code, signal) => {
      const how = signal ? `was killed by ${signal}` : `exited with ${code}`;
      reject(new Error(`${how}:\n${output.slice(-3000)}`));
      if ((code !== 0 && code !== null) || (signal && signal !== "SIGTERM"))
        process.stderr.write(`bench: a subject ${how}:\n${output.slice(-3000)}\n`);
    });
  });
  return { child, url };
}

/**
 * Starts the product, `ai-universe serve` on a free port, with `environment`, the Node options and
 * variables it runs with under that environment's memory profile (`serveNodeOptions`,
 * `withServeVariables`: the probe's IPC channel keeps it from taking them itself), and
 * `productNodeOptions`; its URL ends in /mcp.
 */
export async function startProduct(environment: Record<string, string>): Promise<StartedProcess> {
  const { child, url } = await startProcess(
    [mainScript, "serve", "--port", "0"],
    withServeVariables(environment),
    /MCP at (http:\/\/\S+)\/mcp/,
    [...serveNodeOptions(environment), ...productNodeOptions],
  );
  return { child, url: `${url}/mcp` };
}

/** Sends `message` to a probed process; resolves with its first reply of type `answer`. */
export function ask<T>(child: ChildProcess, message: object, answer: string): Promise<T> {
  return new Promise((resolve) => {
    const listen = (reply: { type: string }) => {
      if (reply.type !== answer) return;
      child.off("message", listen);
      resolve(reply as T);
    };
    child.on("message", listen);
    child.send(message);
  });
}

/** Stops a process with SIGTERM and waits until it has exited. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  await once(child, "exit");
}

/** The provider simulator, in its own process. */
export interface Simulator {
  url: string;
  /** Sets how every model answers from now on (`{}`: at once; `{ latencyFromPrompt: true }`: as drawn). */
  behave(behaviour: object): Promise<void>;
  /** Runs full collections in the simulator, so that each subject's phase finds it in the same state. */
  settle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the provider simulator on a free port, with V8's memory reducer off: it serves every subject in
 * turn, and its heap shrinking in a quiet moment would slow whichever subject's phase came next.
 */
export async function startSimulator(): Promise<Simulator> {
  const { child, url } = await startProcess(
    [simulatorScript, "--port", "0"],
    process.env as Record<string, string>,
    /listening on (\S+)/,
    ["--no-memory-reducer"],
  ).catch((error: Error) => {
    throw new Error(`the provider simulator did not start: ${error.message}`);
  });
  return {
    url,
    async behave(behaviour) {
      await fetch(`${url}/__simulator/behaviour`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ default: behaviour }),
      });
    },
    async settle() {
      await ask(child, { type: "heap" }, "heap");
    },
    stop: () => stopProcess(child),
  };
}

/**
 * Node options every floor starts with, from `BENCH_FLOOR_NODE_OPTIONS` (space-separated, on the command
 * line, so V8's own options work too): e.g. "--no-memory-reducer", the option the product runs with.
 */
export const floorNodeOptions = (process.env.BENCH_FLOOR_NODE_OPTIONS ?? "").split(" ").filter(Boolean);

/**
 * Node options the product starts with besides its own, from `BENCH_NODE_OPTIONS` (space-separated, on
 * the command line like the floors'), to measure one: e.g. "--max-semi-space-size=4".
 */
export const productNodeOptions = (process.env.BENCH_NODE_OPTIONS ?? "").split(" ").filter(Boolean);

/**
 * How long after a burst the benchmarks read resident memory: the product's memory release waits for
 * `defaultIdleMs` of quiet before it gives memory back, and gets 5 s more to do it.
 */
export const afterBurstMs = defaultIdleMs + 5000;

/** "35 s": `afterBurstMs` as the reports print it. */
export const afterBurstLabel = `${afterBurstMs / 1000} s`;

/** The middle value (the upper one of an even count). */
export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const benchStarted = performance.now();

/** Writes a progress line, with the seconds since the benchmark started, to stderr. */
export const progress = (line: string) =>
  process.stderr.write(`bench: ${((performance.now() - benchStarted) / 1000).toFixed(1)} s: ${line}\n`);
