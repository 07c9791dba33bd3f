// Help and version on every command, run in process by the command's own entry (runCommand) with its
// output captured: usage on stdout and exit code 0, and an unknown command named in one line with what to
// type instead and exit code 2. test/e2e/new-user.test.ts runs the real program once, with no command.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { commands } from "../../src/cli/command-line.ts";
import { runCommand } from "../../src/cli/run-command.ts";

/**
 * Runs `ai-universe ...argv` in process: its exit code and what it wrote. Help, version and command-line
 * errors are written before runCommand's first await, so the capture covers exactly this command.
 */
async function command(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const written = { stdout: "", stderr: "" };
  const streams = { stdout: process.stdout, stderr: process.stderr } as const;
  const originals = { stdout: process.stdout.write, stderr: process.stderr.write };
  const errorListeners = process.stdout.listeners("error");
  for (const name of ["stdout", "stderr"] as const) {
    streams[name].write = ((chunk: string | Uint8Array) => {
      written[name] += String(chunk);
      return true;
    }) as typeof process.stdout.write;
  }
  let exit: Promise<number>;
  try {
    exit = runCommand(argv);
  } finally {
    for (const name of ["stdout", "stderr"] as const) streams[name].write = originals[name];
  }
  const code = await exit;
  // runCommand listens for EPIPE on stdout, as a process that runs one command may.
  for (const listener of process.stdout.listeners("error")) {
    if (!errorListeners.includes(listener)) process.stdout.off("error", listener as () => void);
  }
  return { code, ...written };
}

describe("help and version", () => {
  it("prints the command list with no command and with --help", async () => {
    for (const argv of [[], ["--help"], ["-h"]]) {
      const help = await command(argv);
      assert.equal(help.code, 0, argv.join(" "));
      assert.match(help.stdout, /^Usage: ai-universe <command>/);
      for (const name of Object.keys(commands)) assert.match(help.stdout, new RegExp(`^ {2}${name} `, "m"));
    }
  });

  it("prints each command's usage with --help, and the version with --version", async () => {
    for (const name of Object.keys(commands)) {
      const help = await command([name, "--help"]);
      assert.equal(help.code, 0, name);
      assert.match(help.stdout, new RegExp(`^Usage: ai-universe ${name}`));
      assert.equal(help.stderr, "");
      const version = await command([name, "--version"]);
      assert.equal(version.code, 0, name);
      assert.match(version.stdout, /^ai-universe \d+\.\d+\.\d+\n$/);
    }
  });

  it("names an unknown command in one line with the fix, exit code 2", async () => {
    const wrong = await command(["serv"]);
    assert.equal(wrong.code, 2);
    assert.equal(wrong.stdout, "");
    assert.equal(wrong.stderr.trim().split("\n").length, 1, wrong.stderr);
    assert.match(wrong.stderr, /Unknown command "serv"\. Run "ai-universe --help"/);
    assert.ok(!wrong.stderr.includes("    at "), "no stack trace");
  });
});
