// Runs an agent CLI once, the way a panel call must: in a process group of its own, the prompt written
// to its stdin (never its command line, which other local users can read in `ps`), only the environment
// given, its output capped, and its whole group killed when its time is up, its output passes the cap,
// the call is cancelled, or this process exits (Ctrl-C included), so no CLI outlives its call.

import { spawn } from "node:child_process";
import { AnswerTooLargeError } from "../answer-too-large.ts";

/** How to run one CLI call. */
export interface CliProcessRequest {
  command: string;
  arguments: readonly string[];
  /** Written to stdin, which is then closed. */
  input: string;
  directory: string;
  environment: Record<string, string>;
  timeoutMs: number;
  /** The most bytes of stdout kept; past them the group is killed and the call fails. */
  maxOutputBytes: number;
  signal?: AbortSignal | undefined;
}

/** What a CLI call printed, and how it ended. */
export interface CliProcessResult {
  status: number | null;
  stdout: string;
  /** Its last 64 KiB of stderr. */
  stderr: string;
}

/** A CLI that did not end within its time: its group was killed. */
export class CliTimeoutError extends Error {
  constructor(command: string, timeoutMs: number) {
    super(`${command} did not finish within ${Math.round(timeoutMs / 1000)} s, so it was stopped.`);
    this.name = "CliTimeoutError";
  }
}

const keptStderrBytes = 64 * 1024;
const running = new Set<number>();

/** Runs `request` to its end; rejects on time-out, output past the cap, a failed start or cancellation. */
export function runCliProcess(request: CliProcessRequest): Promise<CliProcessResult> {
  request.signal?.throwIfAborted();
  return new Promise((resolve, reject) => {
    const child = spawn(request.command, request.arguments, {
      cwd: request.directory,
      env: request.environment,
      detached: true,
      stdio: ["pipe", "pipe", "pipe"],
    });
    const pid = child.pid;
    if (pid !== undefined) watchGroup(pid);
    let failure: unknown;
    const stop = (reason: unknown) => {
      failure ??= reason;
      killGroup(pid);
    };
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes > request.maxOutputBytes) stop(new AnswerTooLargeError(request.maxOutputBytes, "body"));
      else stdout.push(chunk);
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-keptStderrBytes);
    });
    const timer = setTimeout(
      () => stop(new CliTimeoutError(request.command, request.timeoutMs)),
      request.timeoutMs,
    );
    const onAbort = () => stop(request.signal?.reason);
    request.signal?.addEventListener("abort", onAbort, { once: true });
    child.stdin.on("error", () => {}); // A CLI that exits before reading its prompt closes the pipe.
    child.stdin.end(request.input);
    child.once("error", (error) => stop(error));
    // A process it started may still hold its pipes open: the group goes when the CLI itself ends.
    child.once("exit", () => killGroup(pid));
    child.once("close", (status) => {
      clearTimeout(timer);
      request.signal?.removeEventListener("abort", onAbort);
      if (pid !== undefined) running.delete(pid);
      if (failure !== undefined) reject(failure);
      else resolve({ status, stdout: Buffer.concat(stdout).toString("utf8"), stderr });
    });
  });
}

/** Registers a group to be killed if this process exits first; the exit hook is set once. */
function watchGroup(pid: number): void {
  if (running.size === 0 && !watching) {
    watching = true;
    process.once("exit", () => {
      for (const group of running) killGroup(group);
    });
  }
  running.add(pid);
}
let watching = false;

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // The group has ended.
  }
}
