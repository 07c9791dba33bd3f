// MCP over stdio: the SDK's serving entry (which picks the protocol era), reading from the guarded
// input so malformed lines are answered rather than dropped, and with one-line error reports.

import { StdioServerTransport, serveStdio } from "@modelcontextprotocol/server/stdio";
import { eraOf, mcpServerFactory, mcpServerParts } from "../mcp/create-server.ts";
import type { Runtime } from "../runtime/runtime.ts";
import { guardLines, maxLineBytes } from "./line-guard.ts";

/** A running stdio server. */
export interface StdioServer {
  /** Resolves when the client closes stdin. */
  closed: Promise<void>;
  close(): Promise<void>;
}

/** Serves `runtime` on this process's stdin and stdout. */
export function serveOnStdio(runtime: Runtime): StdioServer {
  const warn = (line: string) => runtime.log(line.split("\n")[0]?.slice(0, 300) ?? "");
  const input = guardLines(process.stdin, {
    reply: (message) => process.stdout.write(`${JSON.stringify(message)}\n`),
    warn,
  });
  const closed = new Promise<void>((resolve) => input.once("end", resolve));
  const createServer = mcpServerFactory(mcpServerParts(runtime));
  const connection = serveStdio((context) => createServer(eraOf(context.era)), {
    transport: new StdioServerTransport(input, process.stdout, { maxBufferSize: maxLineBytes * 2 }),
    onerror: (error) => warn(error.message),
  });
  return {
    closed,
    async close() {
      await connection.close();
      // The guard reads stdin; stop reading so the open pipe does not keep the process alive.
      process.stdin.pause();
      process.stdin.destroy();
    },
  };
}
