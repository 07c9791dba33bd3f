// Runs one parsed command and turns every failure into one line a person can act on, with an exit
// code: 2 for a command line, configuration or start-up problem, and for a failed request its code's
// (error-table.ts: 1, or 130 for a cancelled one). Each
// command's module is loaded only when that command runs: the stdio server, which MCP clients spawn
// at every start, loads neither the HTTP server nor the terminal renderers.

import { ConfigurationError, StoreOpenError } from "../application/index.ts";
import { errorTable } from "../contract/error-table.ts";
import { reportError, ServiceError } from "../contract/service-error.ts";
import { version } from "../runtime/version.ts";
import { CommandLineError, helpText, parseCommandLine } from "./command-line.ts";
import { StartError } from "./start-error.ts";

/** The exit code of `ask --gate` for an error (gate-verdict.ts), kept here so a failure loads no more. */
const gateErrorExitCode = 3;

/** Runs the command `argv` names; resolves with the exit code. Never throws. */
export async function runCommand(argv: string[]): Promise<number> {
  // A reader that stops early (`ai-universe models | head -3`) is not an error.
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(0);
  });
  try {
    const command = parseCommandLine(argv, process.env);
    switch (command.name) {
      case "help":
        process.stdout.write(helpText(command.topic));
        return 0;
      case "version":
        process.stdout.write(`ai-universe ${version}\n`);
        return 0;
      case "serve":
        return await (await import("./run-serve.ts")).runServe(command.options);
      case "mcp":
        return await (await import("./run-stdio.ts")).runStdio(command.options);
      case "models":
        return await (await import("./run-models.ts")).runModels(command.options);
      case "export":
        return await (await import("./run-export.ts")).runExport(command.options);
      case "keys":
        return await (await import("./run-keys.ts")).runKeys(command.options);
      case "usage":
        return await (await import("./run-usage.ts")).runUsage(command.options);
      case "doctor":
        return await (await import("./run-doctor.ts")).runDoctor(command.options);
      case "eval":
        return await (await import("./run-eval.ts")).runEval(command.options);
      case "ask":
        return await (await import("./run-ask.ts")).runAsk(command.options);
      case "replay":
        return await (await import("./run-replay.ts")).runReplay(command.options);
      case "chat":
        return await (await import("./run-chat.ts")).runChat(command.options);
      case "conversations":
      case "history":
      case "delete":
        return await (await import("./run-conversations.ts")).runConversations(command.name, command.options);
    }
  } catch (error) {
    const code = reportFailure(error);
    // `ask --gate` leaves every error with the gate's own code, kept apart from its verdicts' codes.
    return argv[0] === "ask" && argv.includes("--gate") ? gateErrorExitCode : code;
  }
}

function reportFailure(error: unknown): number {
  const startProblem = [CommandLineError, ConfigurationError, StoreOpenError, StartError].some(
    (kind) => error instanceof kind,
  );
  if (startProblem) {
    process.stderr.write(`ai-universe: ${(error as Error).message}\n`);
    return 2;
  }
  if (error instanceof ServiceError) {
    process.stderr.write(`ai-universe: ${error.code}: ${error.message}\n`);
    return errorTable[error.code].exitCode;
  }
  const detail = process.env.AI_UNIVERSE_DEBUG
    ? ((error as Error)?.stack ?? String(error))
    : reportError(error).message;
  process.stderr.write(
    `ai-universe: ${detail}${process.env.AI_UNIVERSE_DEBUG ? "" : " (set AI_UNIVERSE_DEBUG=1 for details)"}\n`,
  );
  return errorTable.internal_error.exitCode;
}
