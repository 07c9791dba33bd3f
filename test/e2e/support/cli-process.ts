// Runs the ai-universe command as a child process with pipes, collecting what it writes.

import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { once } from "node:events";
import { mainScript } from "./http-server-process.ts";

/** A running command: the process and what it has written so far. */
export interface CliProcess {
  child: ChildProcessWithoutNullStreams;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

/** Starts `ai-universe ...args` with `environment`, in `directory` when given. */
export function startCli(
  args: string[],
  environment: Record<string, string>,
  directory?: string,
): CliProcess {
  const child = spawn(process.execPath, [mainScript, ...args], {
    env: environment,
    stdio: ["pipe", "pipe", "pipe"],
    ...(directory ? { cwd: directory } : {}),
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const exited = once(child, "exit").then(([code]) => code as number | null);
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

/** Runs `ai-universe ...args` with `environment` (in `directory`) and no input to its end: its exit code and output. */
export async function runCli(
  environment: Record<string, string>,
  args: string[],
  directory?: string,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const cli = startCli(args, environment, directory);
  cli.child.stdin.end();
  const status = await cli.exited;
  return { status, stdout: cli.stdout(), stderr: cli.stderr() };
}

/** Makes an API key for `user` (in `tier`) with `ai-universe keys create`; resolves with the key. */
export async function makeApiKey(
  environment: Record<string, string>,
  user: string,
  tier?: string,
): Promise<string> {
  const run = startCli(["keys", "create", "--user", user, ...(tier ? ["--tier", tier] : [])], environment);
  run.child.stdin.end();
  const status = await run.exited;
  if (status !== 0) throw new Error(`keys create failed (${status}): ${run.stderr()}`);
  return run.stdout().trim();
}
