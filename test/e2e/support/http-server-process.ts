// Starts `ai-universe serve` as a child process on a free port and waits until it listens.

import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import "./fresh-connections.ts";

/** The command-line entry point, run from source by Node 24. */
export const mainScript = fileURLToPath(new URL("../../../src/cli/main.ts", import.meta.url));

/** A running server process. */
export interface ServerProcess {
  url: string;
  process: ChildProcess;
  stderr: () => string;
  stop(): Promise<void>;
}

/** Spawns the HTTP server with `environment`; resolves with its URL once it listens. */
export async function startHttpServerProcess(
  environment: Record<string, string>,
  extraArguments: string[] = [],
  nodeArguments: string[] = [],
  identity: { uid?: number; gid?: number } = {},
): Promise<ServerProcess> {
  const child = spawn(
    process.execPath,
    [...nodeArguments, mainScript, "serve", "--port", "0", ...extraArguments],
    {
      env: environment,
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
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      await once(child, "exit");
    },
  };
}
