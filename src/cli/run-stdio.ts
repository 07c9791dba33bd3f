// `ai-universe mcp`: MCP over stdio, for clients that start the server themselves.

import { serveOnStdio } from "../stdio/stdio-server.ts";
import type { CommandOptions } from "./command-line.ts";
import { launchRuntime, stopRequested } from "./launch-runtime.ts";

/** Serves on stdin/stdout until the client closes stdin or the process is stopped. */
export async function runStdio(options: CommandOptions): Promise<number> {
  const stop = stopRequested();
  const runtime = await launchRuntime(options);
  const server = serveOnStdio(runtime);
  await Promise.race([server.closed, stop]);
  await server.close();
  await runtime.close();
  return 0;
}
