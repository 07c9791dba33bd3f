// MCP over stdio, in two steps so a client has the server's opening answers at once: `answerEarly`, the
// first thing an `ai-universe mcp` start does, answers `initialize` and `tools/list` from the answers the
// server gives them (early-answers.ts) with nothing else loaded; `serveOnStdio`, once the runtime has
// started, serves everything else with the SDK (full-server.ts). Both act on this process's one stdin
// and stdout, so the connection the first opens is the one the second serves.

import type { ToolNameStyle } from "../application/index.ts";
import type { Runtime } from "../runtime/runtime.ts";
import { version } from "../runtime/version.ts";
import { type EarlyAnswers, writtenEarlyAnswers } from "./early-answers.ts";
import { earlyToolNameStyle } from "./early-settings.ts";
import type { StdioServer } from "./full-server.ts";
import { answeringConnection, plainConnection, type StdioConnection } from "./stdio-connection.ts";

export type { StdioServer };

/** The early answers of this process's stdio, while the server loads. */
export interface EarlyStdio {
  /** Resolves once the opening exchange is answered (or left to the server): the time to load it. */
  opened: Promise<void>;
  /** Stops reading stdin; for a start that fails before it serves. */
  close(): void;
}

let connection: StdioConnection | undefined;

/**
 * Starts answering the opening exchange on stdin, for a start of `ai-universe` with command line `argv`;
 * undefined (nothing started) unless it is a plain `mcp` whose settings are clear without the
 * configuration (early-settings.ts).
 */
export function answerEarly(
  argv: readonly string[],
  environment: Record<string, string | undefined>,
): EarlyStdio | undefined {
  const style = earlyToolNameStyle(argv, environment);
  if (!style || connection) return undefined;
  connection = answeringConnection(
    loadEarlyAnswers(style).catch(() => undefined),
    process.stdin,
    process.stdout,
  );
  return connection;
}

/**
 * The early answers for `style`: the build's; from the sources (no such file) or an outdated build,
 * asked of the server now.
 */
async function loadEarlyAnswers(style: ToolNameStyle): Promise<EarlyAnswers> {
  return (
    writtenEarlyAnswers(style, version) ??
    (await import("./early-answer-capture.ts")).captureEarlyAnswers(style)
  );
}

/** Serves `runtime` on this process's stdin and stdout, answering what was not answered early. */
export async function serveOnStdio(runtime: Runtime): Promise<StdioServer> {
  const { serveConnection } = await import("./full-server.ts");
  connection ??= plainConnection(process.stdin, process.stdout);
  return serveConnection(runtime, connection);
}
