// A command run to its end within a time limit, in a process group of its own: when the time is up, or
// when it ends leaving children behind (an MCP server it did not stop), the whole group is killed, so no
// run outlives its test.

import { spawn } from "node:child_process";
import { performance } from "node:perf_hooks";

/** How to start a command. */
export interface Invocation {
  args: string[];
  environment: Record<string, string>;
}

/** Runs a command in `directory`, in a process group of its own; after `timeoutMs` kills the group and throws. */
export async function runBounded(
  name: string,
  command: string,
  invocation: Invocation,
  directory: string,
  timeoutMs: number,
): Promise<{ status: number | null; stdout: string; stderr: string; seconds: number }> {
  const startedAt = performance.now();
  const child = spawn(command, invocation.args, {
    env: invocation.environment,
    cwd: directory,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const closed = new Promise<void>((resolve) => child.once("close", () => resolve()));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup(child.pid);
  }, timeoutMs);
  const status = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => resolve(code));
  }).finally(() => clearTimeout(timer));
  const seconds = (performance.now() - startedAt) / 1000;
  // What it started and left running (an MCP server it did not stop) goes with it, and its pipes close.
  killGroup(child.pid);
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
  if (timedOut) {
    throw new Error(
      `${name} did not finish within ${timeoutMs / 1000} s, so it was killed with its process group; its last output: ${(stderr || stdout).slice(-500)}`,
    );
  }
  return { status, stdout, stderr, seconds };
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // The group has ended.
  }
}
