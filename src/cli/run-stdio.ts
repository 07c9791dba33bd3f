// `ai-universe mcp`: MCP over stdio, for clients that start the server themselves.

import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { mcpServerFactory } from "../mcp/create-server.ts";
import type { CommandOptions } from "./command-line.ts";
import { startRuntime, stopRequested } from "./start-runtime.ts";

/** Serves on stdin/stdout until the client closes stdin or the process is stopped. */
export async function runStdio(options: CommandOptions): Promise<number> {
  const stop = stopRequested();
  const runtime = await startRuntime(options);
  const createServer = mcpServerFactory(runtime);
  const connection = serveStdio((context) => createServer(context.era), {
    onerror: (error) => process.stderr.write(`ai-universe: ${error.message}\n`),
  });
  const inputClosed = new Promise<void>((resolve) => process.stdin.once("close", resolve));
  await Promise.race([inputClosed, stop]);
  await connection.close();
  await runtime.close();
  return 0;
}
