// `ai-universe mcp`: MCP over stdio, for clients that start the server themselves. The opening exchange
// may have been answered already (src/cli/main.ts starts that before loading this); the start prints
// nothing on stderr unless asked, since clients such as Claude Code log each stderr line as an error.

import { serveOnStdio } from "../stdio/stdio-server.ts";
import type { CommandOptions } from "./command-line.ts";
import { asksForStartNotes, launchRuntime } from "./launch-runtime.ts";
import { cleanStop } from "./stop-signals.ts";

/** Serves on stdin/stdout until the client closes stdin or the process is stopped. */
export async function runStdio(options: CommandOptions): Promise<number> {
  const stop = cleanStop("the server is closed").signalled;
  const runtime = await launchRuntime(options, asksForStartNotes(options.environment));
  const server = await serveOnStdio(runtime);
  await Promise.race([server.closed, stop]);
  await server.close();
  await runtime.close();
  return 0;
}
