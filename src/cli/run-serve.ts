// `ai-universe serve`: MCP over Streamable HTTP until stopped.

import { seconds } from "../application/index.ts";
import { startHttpServer } from "../http/http-server.ts";
import {
  memoryProfileError,
  memoryProfileOf,
  memoryVariable,
  missingServeOptions,
  missingServeVariables,
} from "../runtime/serve-node-options.ts";
import type { CommandOptions } from "./command-line.ts";
import { isLoopback } from "./key-transport.ts";
import { launchRuntime } from "./launch-runtime.ts";
import { StartError } from "./start-error.ts";
import { cleanStop } from "./stop-signals.ts";

export { StartError };

/** Serves until SIGINT or SIGTERM; returns the exit code. */
export async function runServe(options: CommandOptions): Promise<number> {
  const profileError = memoryProfileError(options.environment);
  if (profileError) throw new StartError(profileError);
  warnOfMissingOptions(options.environment);
  const stop = cleanStop("the running calls are finished or stopped, and stored").signalled;
  const runtime = await launchRuntime(options, true, { metrics: true });
  try {
    if (runtime.configuration.auth.mode === "none" && !isLoopback(options.host)) {
      throw new StartError(
        `Refusing to serve on ${options.host} without accounts: anyone who can reach the port could spend your provider keys and read every conversation. Set AI_UNIVERSE_AUTH=api-key (and make keys with "ai-universe keys create --user ID") or AI_UNIVERSE_AUTH=oauth, or serve on 127.0.0.1.`,
      );
    }
    const server = await startHttpServer(runtime, options).catch((error: NodeJS.ErrnoException) => {
      throw listenError(error, options);
    });
    process.stderr.write(
      `ai-universe: MCP at ${server.url}/mcp, web page at ${server.url}/, health at ${server.url}/health\n`,
    );
    const signal = await stop;
    const deadlineMs = seconds(options.environment, "AI_UNIVERSE_DRAIN_SECONDS", 30) * 1000;
    process.stderr.write(`ai-universe: ${signal}: finishing running calls (up to ${deadlineMs / 1000} s)\n`);
    const draining = performance.now();
    const unfinished = await server.drain(deadlineMs);
    if (unfinished > 0) process.stderr.write(`ai-universe: cancelling ${unfinished} call(s) still running\n`);
    await server.close();
    // Models still answering after their calls' answers get what is left of the drain time, then are
    // stopped and stored as stopped, so history never waits for an opinion that cannot come.
    const stopped = await runtime.application.finishLateOpinions(
      Math.max(0, deadlineMs - (performance.now() - draining)),
    );
    if (stopped > 0) {
      process.stderr.write(
        `ai-universe: stopped the models still answering after the answer of ${stopped} call(s); each is stored as stopped\n`,
      );
    }
  } finally {
    await runtime.close();
  }
  process.stderr.write("ai-universe: stopped cleanly\n");
  return 0;
}

/**
 * Says so when the lean memory profile (the default) is in force but this process could not take its
 * Node options (no process.execve, or an IPC parent): it then runs with V8's defaults. The command it
 * suggests sets the profile's variables too, but on Windows, where they mean nothing. The fast profile's
 * one option is only a saving, and goes unsaid.
 */
function warnOfMissingOptions(environment: NodeJS.ProcessEnv): void {
  const missing = missingServeOptions(environment);
  if (memoryProfileOf(environment) !== "lean" || missing.length === 0) return;
  const asked = environment[memoryVariable]?.trim()
    ? `${memoryVariable}=lean asks`
    : `the default memory profile (lean; ${memoryVariable}=fast picks the other) asks`;
  const variables =
    process.platform === "win32"
      ? ""
      : Object.entries(missingServeVariables(environment))
          .map(([name, value]) => `${name}=${value} `)
          .join("");
  process.stderr.write(
    `ai-universe: ${asked} for Node options this process was not started with, so it runs with V8's defaults (about half again the memory under load): start it as "${variables}node ${missing.join(" ")} ${process.argv[1]} serve" (Node 22.15 or newer re-executes itself with them, but not under a parent that talks to it over IPC, nor on Windows)\n`,
  );
}

/** Whether `host` is a loopback address, reachable only from this machine. */
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
