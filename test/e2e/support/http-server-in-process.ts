// Starts the HTTP server in the test's own process, as `ai-universe serve --port 0` would with the same
// environment (same command-line parsing, configuration, runtime and HTTP server), for tests of HTTP or
// MCP handling that need no process of their own: no start-up of a new Node, and timers a test can mock.
// The operator's log goes to this process's stderr, errors only unless the environment sets a level.
// Tests of what only a process shows (signals, exit codes, its log, crashes) spawn one instead:
// http-server-process.ts. `startHttpAppInProcess` does not even listen: its requests go to the server's
// request handling over a pair of streams in memory (app-request.ts), as hono's `app.request()`.

import { parseCommandLine } from "../../../src/cli/command-line.ts";
import { loadConfiguration } from "../../../src/configuration/configuration.ts";
import { createHttpApp, type HttpOptions, startHttpServer } from "../../../src/http/http-server.ts";
import { type Runtime, startRuntime } from "../../../src/runtime/runtime.ts";
import { type AppRequest, appRequest } from "../../support/app-request.ts";
import "./fresh-connections.ts";

/** A server running in this process. */
export interface InProcessServer {
  url: string;
  runtime: Runtime;
  /** Stops taking new calls, as at SIGTERM (see RunningHttpServer.drain). */
  drain(deadlineMs: number): Promise<number>;
  /** Closes every connection (calls still running are cancelled), stops late models, closes the runtime. */
  stop(): Promise<void>;
}

/** A runtime as `serve` with `environment` and `extraArguments` makes it, and the server's options. */
async function serveRuntime(
  environment: Record<string, string>,
  extraArguments: string[],
): Promise<{ runtime: Runtime; options: HttpOptions }> {
  const quiet = { AI_UNIVERSE_LOG_LEVEL: "error", ...environment };
  // The AI SDK warns on the console (a deprecated part, an unsupported setting); a server process's stderr
  // keeps such lines out of the test report, and so does this.
  Object.assign(globalThis, { AI_SDK_LOG_WARNINGS: false });
  const command = parseCommandLine(["serve", "--port", "0", ...extraArguments], quiet);
  if (command.name !== "serve") throw new Error(`not a serve command line: ${extraArguments.join(" ")}`);
  const { options } = command;
  const runtime = await startRuntime(
    loadConfiguration({
      environment: options.environment,
      ...(options.configPath ? { configPath: options.configPath } : {}),
      ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
      ...(options.toolNames ? { toolNames: options.toolNames } : {}),
    }),
    { metrics: true },
  );
  return { runtime, options };
}

/** The server's request handling in this process, reached without a socket. */
export interface InProcessApp {
  runtime: Runtime;
  /** Sends a request to the app, as `fetch` would to the server. */
  request: AppRequest;
  stop(): Promise<void>;
}

/** The request handling of the HTTP server `serve` would start with `environment`, listening nowhere. */
export async function startHttpAppInProcess(environment: Record<string, string>): Promise<InProcessApp> {
  const { runtime, options } = await serveRuntime(environment, []);
  const app = await createHttpApp(runtime, options, () => "http://localhost");
  return {
    runtime,
    request: (path, init) => appRequest(app.listener, path, init),
    async stop() {
      await app.close();
      await runtime.close();
    },
  };
}

/** Starts the HTTP server with `environment` and `extraArguments` (as for `serve`) on a free port. */
export async function startHttpServerInProcess(
  environment: Record<string, string>,
  extraArguments: string[] = [],
): Promise<InProcessServer> {
  const { runtime, options } = await serveRuntime(environment, extraArguments);
  const server = await startHttpServer(runtime, options).catch(async (error: Error) => {
    await runtime.close();
    throw error;
  });
  return {
    url: server.url,
    runtime,
    drain: (deadlineMs) => server.drain(deadlineMs),
    async stop() {
      await server.close();
      // As `serve` ends (with no drain time): models still answering are stopped and stored as stopped.
      await runtime.application.finishLateOpinions(0);
      await runtime.close();
    },
  };
}
