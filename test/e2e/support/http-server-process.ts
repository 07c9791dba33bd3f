// Starts `ai-universe serve` as a child process on a free port and waits until it listens.

import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { serveNodeOptions, withServeVariables } from "../../../src/runtime/serve-node-options.ts";
import { untilWritten } from "./written-text.ts";
import "./fresh-connections.ts";

/** The command-line entry point in source, run by Node 24 as it is. */
export const sourceScript = fileURLToPath(new URL("../../../src/cli/main.ts", import.meta.url));

/**
 * The program the tests run: the built one (dist/cli, what `bin/ai-universe.js` starts and users run)
 * when the run says it is fresh (`AI_UNIVERSE_TEST_PROGRAM=built`: test/run-tests.ts, right after
 * `npm test`'s build), else the source, so a test run alone sees an edit without a build. The bundle
 * starts in about two thirds of the time, and the tests start it some four hundred times.
 */
export const mainScript =
  process.env.AI_UNIVERSE_TEST_PROGRAM === "built"
    ? fileURLToPath(new URL("../../../dist/cli/main.js", import.meta.url))
    : sourceScript;

/** A running server process. */
export interface ServerProcess {
  url: string;
  process: ChildProcess;
  stderr: () => string;
  /** Resolves once stderr matches `pattern` (checked on every chunk); rejects after `timeoutMs`. */
  says(pattern: RegExp, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Spawns the HTTP server with `environment` and the Node options and variables `ai-universe serve` runs
 * with under it (given here, the server need not re-execute itself for them); resolves with its URL once
 * it listens.
 */
export async function startHttpServerProcess(
  environment: Record<string, string>,
  extraArguments: string[] = [],
  nodeArguments: string[] = [],
  identity: { uid?: number; gid?: number } = {},
): Promise<ServerProcess> {
  const child = spawn(
    process.execPath,
    [
      ...serveNodeOptions(environment),
      ...nodeArguments,
      mainScript,
      "serve",
      "--port",
      "0",
      ...extraArguments,
    ],
    {
      env: withServeVariables(environment),
      stdio: ["ignore", "ignore", "pipe"],
      ...identity,
    },
  );
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr?.setEncoding("utf8");
    child.stderr?.on("data", (chunk: string) => {
      output += chunk;
      const match = output.match(/MCP at (http:\/\/\S+)\/mcp/);
      if (match?.[1]) resolve(match[1]);
    });
    child.once("exit", (code) =>
      reject(new Error(`server exited with ${code} before listening:\n${output}`)),
    );
  });
  return {
    url,
    process: child,
    stderr: () => output,
    says: (pattern, timeoutMs = 30_000) =>
      untilWritten(child.stderr, () => output, pattern, timeoutMs, "the server"),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      await once(child, "exit");
    },
  };
}
