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
