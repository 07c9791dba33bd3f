// A command run in a pane of a tmux server of its own, as a person runs it in a terminal: the keys
// typed go through the pane's pseudo-terminal, so `C-c` becomes the SIGINT the terminal sends to its
// whole foreground process group. What the pane shows is read as it comes (pipe-pane into a FIFO);
// exit-reporter.ts prints how the command ended, and the pane stays after it, for its screen. (tmux's
// own pane-died hook and exit status were not used: tmux 3.3a here sometimes missed the SIGCHLD of a
// pane's process and never reaped it.)

import { execFile } from "node:child_process";
import { closeSync, constants, createReadStream, openSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { temporaryDirectory } from "../../support/temporary-directory.ts";
import { withoutEscapes } from "./terminal-capture.ts";
import { untilWritten } from "./written-text.ts";

const run = promisify(execFile);
const shellQuote = (word: string) => `'${word.replaceAll("'", "'\\''")}'`;
const exitReporter = fileURLToPath(new URL("exit-reporter.ts", import.meta.url));

/** How a command in a pane ended. */
export interface PaneExit {
  /** The exit code; null when a signal ended it. */
  status: number | null;
  /** The signal that ended it, if one did. */
  signal?: string;
  /** The pane's text, scrollback included, with wrapped lines joined. */
  screen: string;
}

/** A command running in a tmux pane. */
export interface TmuxPane {
  /** Types `keys`, in tmux's key names ("C-c" is Ctrl-C). */
  sendKeys(...keys: string[]): Promise<void>;
  /** Resolves once what the pane has shown, without escapes, matches `pattern`; rejects after `timeoutMs`. */
  shows(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** Resolves once the command has ended (rejects after `timeoutMs`, default 60 s). */
  exited(timeoutMs?: number): Promise<PaneExit>;
  /** Stops the tmux server (and the command, when it still runs). */
  close(): Promise<void>;
}

const configuration = "set-option -g remain-on-exit on\nset-option -g history-limit 5000\n";
const ending = /\[(?:exited with (\d+)|killed by (\w+)|cannot start [^\]]*)\]/;

/** Runs `command` (a program and its arguments) in a new 100x40 pane with exactly `environment`. */
export async function startInTmux(command: string[], environment: Record<string, string>): Promise<TmuxPane> {
  const directory = temporaryDirectory("tmux");
  writeFileSync(join(directory, "tmux.conf"), configuration);
  const tmux = (...args: string[]) =>
    run("tmux", ["-S", join(directory, "socket"), "-f", join(directory, "tmux.conf"), ...args], {
      env: environment,
      encoding: "utf8",
    });
  const fifo = join(directory, "output");
  await run("mkfifo", [fifo]);
  const output = createReadStream(fifo, { encoding: "utf8" });
  let shown = "";
  output.on("data", (chunk) => {
    shown += chunk;
  });
  const shows = (pattern: RegExp, timeoutMs = 30_000) =>
    untilWritten(output, () => withoutEscapes(shown), pattern, timeoutMs, "the pane");
  // pipe-pane runs in the same sequence as new-session, before the server reads the pane's first output.
  const words = [process.execPath, exitReporter, ...command].map(shellQuote).join(" ");
  const pane = ["new-session", "-d", "-x", "100", "-y", "40", "-s", "pane", `exec ${words}`];
  await tmux(...pane, ";", "pipe-pane", "-O", "-t", "pane", `cat > ${shellQuote(fifo)}`);
  return {
    async sendKeys(...keys) {
      await tmux("send-keys", "-t", "pane", ...keys);
    },
    shows,
    async exited(timeoutMs = 60_000) {
      await shows(ending, timeoutMs);
      const [, code, signal] = ending.exec(withoutEscapes(shown)) ?? [];
      const { stdout: screen } = await tmux("capture-pane", "-p", "-J", "-t", "pane", "-S", "-", "-E", "-");
      return { status: code === undefined ? null : Number(code), ...(signal ? { signal } : {}), screen };
    },
    async close() {
      await tmux("kill-server").catch(() => {});
      // A reader still waiting for the FIFO's writer (when tmux failed) would keep this process alive.
      try {
        closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
      } catch {}
      output.destroy();
    },
  };
}
