// How the terminal tests run the CLI and read what a person would see: inside a real pseudo-terminal
// (util-linux `script`), or with pipes as a script would; a capture without its escape sequences, and
// the screen a terminal emulator (@xterm/headless) shows after it.

import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import xterm from "@xterm/headless";
import { startCli } from "./cli-process.ts";
import { mainScript } from "./http-server-process.ts";
import { untilWritten } from "./written-text.ts";

const shellQuote = (word: string) => `'${word.replaceAll("'", "'\\''")}'`;

/** What a test sees of the CLI while it runs in a pseudo-terminal. */
export interface RunningTerminal {
  child: ChildProcess;
  /** Everything shown so far, escape sequences included. */
  output(): string;
  /** Resolves once the output without escapes matches `pattern` (checked on every chunk); rejects after `timeoutMs`. */
  shows(pattern: RegExp, timeoutMs?: number): Promise<void>;
}

/** Runs the CLI inside a pseudo-terminal; resolves with everything the terminal showed. */
export function inTerminal(
  environment: Record<string, string>,
  args: string[],
  whileRunning?: (terminal: RunningTerminal) => Promise<void>,
): Promise<{ status: number | null; output: string }> {
  // A terminal of 100 columns and 40 rows; exec, so Ctrl-C reaches the CLI and not a shell.
  const command = `stty rows 40 cols 100; exec ${[process.execPath, mainScript, ...args].map(shellQuote).join(" ")}`;
  const child = spawn("script", ["-qfec", command, "/dev/null"], {
    env: { ...environment, TERM: "xterm-256color", COLUMNS: "100", LINES: "40" },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
  });
  const shows = (pattern: RegExp, timeoutMs = 30_000) =>
    untilWritten(child.stdout, () => withoutEscapes(output), pattern, timeoutMs, "the terminal");
  return (async () => {
    const exited = once(child, "exit");
    if (whileRunning) await whileRunning({ child, output: () => output, shows });
    const [status] = (await exited) as [number | null];
    return { status, output };
  })();
}

/** Runs the CLI with pipes, as a script would (asynchronously: the simulator runs in this process). */
export async function piped(environment: Record<string, string>, args: string[], input?: string) {
  const run = startCli(args, environment);
  run.child.stdin.end(input ?? "");
  const status = await run.exited;
  return { status, stdout: run.stdout(), stderr: run.stderr() };
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: escape sequences are what is checked
export const colourCode = /\x1b\[(?:3\d|9\d|1)m/;

/** What a terminal capture says, without its escape sequences (colours, cursor moves, redraws). */
export const withoutEscapes = (output: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: escape sequences are what is removed
  output.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, "").replace(/\r/g, "");

/** The lines a 100-column terminal shows after `output` (scrollback included), from an emulator. */
export async function screenOf(output: string): Promise<string[]> {
  const terminal = new xterm.Terminal({ cols: 100, rows: 40, scrollback: 5000, allowProposedApi: true });
  await new Promise<void>((resolve) => terminal.write(output, resolve));
  const buffer = terminal.buffer.active;
  const lines = Array.from(
    { length: buffer.length },
    (_, index) => buffer.getLine(index)?.translateToString(true) ?? "",
  );
  terminal.dispose();
  return lines;
}
