// `ai-universe serve`: MCP over Streamable HTTP until stopped.

import { startHttpServer } from "../http/http-server.ts";
import type { CommandOptions } from "./command-line.ts";
import { startServices, stopRequested } from "./start-services.ts";

/** Serves until SIGINT or SIGTERM; returns the exit code. */
export async function runServe(options: CommandOptions): Promise<number> {
  const services = await startServices(options);
  const server = await startHttpServer(services, options);
  process.stderr.write(`ai-universe: MCP at ${server.url}/mcp, health at ${server.url}/health\n`);
  await stopRequested();
  await server.close();
  await services.store.close();
  return 0;
}
