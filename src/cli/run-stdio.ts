// `ai-universe mcp`: MCP over stdio, for clients that start the server themselves.

import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { createMcpServer } from "../mcp/create-server.ts";
import type { CommandOptions } from "./command-line.ts";
import { startServices, stopRequested } from "./start-services.ts";

/** Serves on stdin/stdout until the client closes stdin or the process is stopped. */
export async function runStdio(options: CommandOptions): Promise<number> {
  const services = await startServices(options);
  const connection = serveStdio(() => createMcpServer(services), {
    onerror: (error) => process.stderr.write(`ai-universe: ${error.message}\n`),
  });
  const inputClosed = new Promise<void>((resolve) => process.stdin.once("close", resolve));
  await Promise.race([inputClosed, stopRequested()]);
  await connection.close();
  await services.store.close();
  return 0;
}
