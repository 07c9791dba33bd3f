// The stdio server itself: the SDK's serving entry (which picks the protocol era) over the one server
// factory, reading the connection's input through the guard so malformed lines are answered rather
// than dropped, with one-line error reports. Loaded after the early answers (stdio-server.ts).

import { StdioServerTransport, serveStdio } from "@modelcontextprotocol/server/stdio";
import { eraOf, mcpServerFactory, mcpServerParts } from "../mcp/create-server.ts";
import type { Runtime } from "../runtime/runtime.ts";
import { guardLines, maxLineBytes } from "./line-guard.ts";
import type { StdioConnection } from "./stdio-connection.ts";

/** A running stdio server. */
export interface StdioServer {
  /** Resolves when the client closes stdin. */
  closed: Promise<void>;
  close(): Promise<void>;
}

/** Serves `runtime` on `connection`, answering every message it has not answered early. */
export function serveConnection(runtime: Runtime, connection: StdioConnection): StdioServer {
  const warn = (line: string) => runtime.log(line.split("\n")[0]?.slice(0, 300) ?? "");
  connection.reportDifferences(warn);
  connection.handOver();
  const input = guardLines(connection.input, {
    reply: (message) => connection.output.write(`${JSON.stringify(message)}\n`),
    warn,
  });
  const closed = new Promise<void>((resolve) => input.once("end", resolve));
  const createServer = mcpServerFactory(mcpServerParts(runtime));
  const served = serveStdio((context) => createServer(eraOf(context.era)), {
    transport: new StdioServerTransport(input, connection.output, { maxBufferSize: maxLineBytes * 2 }),
    onerror: (error) => warn(error.message),
  });
  return {
    closed,
    async close() {
      await served.close();
      connection.close();
    },
  };
}
