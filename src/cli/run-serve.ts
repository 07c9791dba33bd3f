// `ai-universe serve`: MCP over Streamable HTTP until stopped.

import { startHttpServer } from "../http/http-server.ts";
import type { CommandOptions } from "./command-line.ts";
import { startRuntime, stopRequested } from "./start-runtime.ts";

/** The server could not start listening; the message says why and what to do. */
export class StartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StartError";
  }
}

/** Serves until SIGINT or SIGTERM; returns the exit code. */
export async function runServe(options: CommandOptions): Promise<number> {
  const stop = stopRequested();
  const runtime = await startRuntime(options);
  try {
    const server = await startHttpServer(runtime, options).catch((error: NodeJS.ErrnoException) => {
      throw listenError(error, options);
    });
    process.stderr.write(`ai-universe: MCP at ${server.url}/mcp, health at ${server.url}/health\n`);
    await stop;
    await server.close();
  } finally {
    await runtime.close();
  }
  process.stderr.write("ai-universe: stopped cleanly\n");
  return 0;
}

function listenError(error: NodeJS.ErrnoException, options: CommandOptions): Error {
  const where = `${options.host}:${options.port}`;
  switch (error.code) {
    case "EADDRINUSE":
      return new StartError(
        `Port ${options.port} on ${options.host} is already in use by another program. Stop that program, or choose another port with --port (or PORT).`,
      );
    case "EACCES":
      return new StartError(
        `Not allowed to listen on ${where}. Choose a port above 1023 with --port (or PORT).`,
      );
    case "EADDRNOTAVAIL":
    case "ENOTFOUND":
      return new StartError(
        `${options.host} is not an address of this machine. Use --host 127.0.0.1, or an address this machine has.`,
      );
    default:
      return new StartError(`Cannot listen on ${where}: ${error.message}.`);
  }
}
