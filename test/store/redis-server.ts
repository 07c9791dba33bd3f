// A real Redis for the tests: Debian's redis-server (`npm test` installs it when it can), started on a
// free port with nothing saved to disk. A missing or failing server fails the tests at once, saying how to
// install it or what it printed; nothing is skipped.

import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { freePort } from "../support/free-port.ts";
import { requireTool } from "../support/system-tools.ts";

/** A running Redis. */
export interface RedisServer {
  url: string;
  stop(): Promise<void>;
}

/** Starts redis-server; stop it when done. */
export async function startRedisServer(): Promise<RedisServer> {
  const binary = requireTool("redis-server");
  const port = await freePort();
  const child: ChildProcess = spawn(
    binary,
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Ready to accept connections")) resolve();
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.once("exit", (code) => reject(new Error(`redis-server exited with ${code}:\n${output}`)));
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      await once(child, "exit");
    },
  };
}
