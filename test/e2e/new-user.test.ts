// What a new user meets first: help and version on every command, one-line errors with the fix (a
// busy port, an unusable data directory, an unreachable PostgreSQL, an old Node), the per-user data directory,
// the launcher that works whatever Node is installed, and `npm start` stopping on SIGTERM.

import assert from "node:assert/strict";
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { temporaryDirectory } from "../support/temporary-directory.ts";
import { secondOpinionOf, useSimulatorEnvironment } from "./support/e2e-fixture.ts";
import { mainScript, startHttpServerProcess } from "./support/http-server-process.ts";
import { connectClient } from "./support/mcp-clients.ts";

const run = promisify(execFile);
const repository = fileURLToPath(new URL("../../", import.meta.url));
const launcher = join(repository, "bin", "ai-universe.js");
const builtMain = join(repository, "dist", "cli", "main.js");
const scratch = temporaryDirectory("new-user");
/** A preload that makes this Node report an old version, as a user's system Node 20 would. */
const oldNode = join(scratch, "old-node.mjs");
writeFileSync(oldNode, 'Object.defineProperty(process.versions, "node", { value: "20.11.0" });\n');

/** Runs the command; resolves with its exit code and output whether it succeeds or not. */
async function command(file: string, args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(file, args, { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

function assertOneLine(stderr: string, pattern: RegExp): void {
  assert.equal(stderr.trim().split("\n").length, 1, `one line expected:\n${stderr}`);
  assert.match(stderr, pattern);
  assert.ok(!stderr.includes("    at "), "no stack trace");
}

describe("a new user", () => {
  const context = useSimulatorEnvironment();

  // --help and --version on every command, and an unknown command: test/cli/command-help.test.ts, in process.
  it("gets help with no command", async () => {
    const bare = await command(process.execPath, [mainScript], context.environment);
    assert.equal(bare.code, 0);
    assert.match(bare.stdout, /^Usage: ai-universe <command>/);
  });

  it("can pipe a command into a reader that stops early", async () => {
    const child = spawn(process.execPath, [mainScript, "models"], {
      env: context.environment,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.stdout.destroy(); // the reader is gone before the first line is written
    const [code] = await once(child, "exit");
    assert.equal(code, 0);
    assert.equal(stderr, "");
  });

  it("is told in one line when the port is taken", async () => {
    const first = await startHttpServerProcess(context.environment);
    try {
      const port = new URL(first.url).port;
      const second = await command(
        process.execPath,
        [mainScript, "serve", "--port", port],
        context.environment,
      );
      assert.equal(second.code, 2);
      const lines = second.stderr.trim().split("\n");
      assertOneLine(
        lines.at(-1) ?? "",
        new RegExp(`Port ${port} on 127\\.0\\.0\\.1 is already in use .*--port`),
      );
    } finally {
      await first.stop();
    }
  });

  it("is told in one line, naming the database path set, when its directory cannot be made, or the PostgreSQL server is not there", async () => {
    const file = join(scratch, "a-file");
    writeFileSync(file, "not a directory");
    const unusable = await command(process.execPath, [mainScript, "mcp"], {
      ...context.environment,
      DATABASE_URL: join(file, "data", "ai-universe.db"),
    });
    assert.equal(unusable.code, 2);
    assertOneLine(
      unusable.stderr,
      /^ai-universe: The database \S*a-file\/data\/ai-universe\.db cannot be created: its directory \S*a-file\/data cannot be made \(ENOTDIR: a part of that path is a file\).*DATABASE_URL/,
    );
    const postgres = await command(process.execPath, [mainScript, "serve", "--port", "0"], {
      ...context.environment,
      DATABASE_URL: "postgres://ann:s3cret-password@127.0.0.1:9/application",
    });
    assert.equal(postgres.code, 2);
    assertOneLine(
      postgres.stderr,
      /PostgreSQL database postgres:\/\/ann:\*\*\*@127\.0\.0\.1:9\/application cannot be used: .*Check that the server runs/,
    );
    assert.ok(!postgres.stderr.includes("s3cret-password"), "the password is never printed");
    assert.ok(!existsSync(join(repository, "postgres:")), "no file named after the URL");
  });

  it("keeps conversations in the per-user data directory and says where", async () => {
    const dataHome = join(scratch, "xdg-data");
    const { DATABASE_URL: _database, ...withoutDatabase } = context.environment;
    const server = await startHttpServerProcess({ ...withoutDatabase, XDG_DATA_HOME: dataHome });
    try {
      const path = join(dataHome, "ai-universe", "ai-universe.db");
      assert.ok(server.stderr().includes(`conversations are stored in ${path}`), server.stderr());
      assert.ok(existsSync(path));
    } finally {
      await server.stop();
    }
  });

  it("on an old Node gets one line saying what to do, and the launcher runs the pinned Node instead", async () => {
    const old = await command(
      process.execPath,
      ["--import", oldNode, builtMain, "--version"],
      context.environment,
    );
    assert.equal(old.code, 2);
    assertOneLine(old.stderr, /needs Node\.js 22\.13 or newer, and this is Node\.js 20\.11\.0/);
    const launched = await command(
      process.execPath,
      ["--import", oldNode, launcher, "--version"],
      context.environment,
    );
    assert.equal(launched.code, 0, launched.stderr);
    assert.match(launched.stdout, /^ai-universe \d/);
  });

  it("can use the launcher as an MCP client's stdio command on an old Node", async () => {
    const client = await connectClient("v1-2025-11-25", {
      transport: "stdio",
      environment: context.environment,
      command: { file: process.execPath, args: ["--import", oldNode, launcher, "mcp"] },
    });
    try {
      const result = secondOpinionOf(
        await client.callTool("agent.second_opinion", { question: "Through the launcher?", maxOpinions: 1 }),
      );
      assert.equal(result.secondaryOpinions.length, 1);
    } finally {
      await client.close();
    }
  });

  it("stops the server with SIGTERM through the launcher and through npm start", async () => {
    for (const [file, args] of [
      [process.execPath, ["--import", oldNode, launcher, "serve", "--port", "0"]],
      ["npm", ["start", "--", "--port", "0"]],
    ] as const) {
      const child = spawn(file, args, {
        cwd: repository,
        env: context.environment,
        stdio: ["ignore", "ignore", "pipe"],
      });
      const url = await listeningUrl(child);
      assert.equal((await fetch(`${url}/health`)).status, 200);
      child.kill("SIGTERM");
      await once(child, "exit");
      await assert.rejects(fetch(`${url}/health`), "the server stopped with its parent");
    }
  });

  it("stops cleanly on a Ctrl-C to the whole terminal group of npm start", async () => {
    const child = spawn("npm", ["start", "--", "--port", "0"], {
      cwd: repository,
      env: context.environment,
      stdio: ["ignore", "ignore", "pipe"],
      detached: true,
    });
    const url = await listeningUrl(child);
    let output = "";
    child.stderr?.on("data", (chunk: string) => {
      output += chunk;
    });
    process.kill(-(child.pid ?? 0), "SIGINT");
    await once(child, "exit");
    assert.match(output, /stopped cleanly/);
    await assert.rejects(fetch(`${url}/health`));
  });
});

function listeningUrl(child: ChildProcess): Promise<string> {
  let output = "";
  return new Promise((resolve, reject) => {
    child.stderr?.setEncoding("utf8");
    child.stderr?.on("data", (chunk: string) => {
      output += chunk;
      const match = output.match(/MCP at (http:\/\/\S+)\/mcp/);
      if (match?.[1]) resolve(match[1]);
    });
    child.once("exit", (code) => reject(new Error(`exited with ${code} before listening:\n${output}`)));
  });
}
