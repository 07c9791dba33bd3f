#!/usr/bin/env node
// The `ai-universe` command: `serve` (Streamable HTTP), `mcp` (stdio), `models` (what is available),
// `export` (a conversation to stdout).

import { ConfigurationError } from "../configuration/config-file.ts";
import { ConsultationError } from "../consultation/consultation-error.ts";
import { parseCommandLine, usage } from "./command-line.ts";
import { runExport } from "./run-export.ts";
import { runModels } from "./run-models.ts";
import { runServe } from "./run-serve.ts";
import { runStdio } from "./run-stdio.ts";

async function main(argv: string[]): Promise<number> {
  const command = parseCommandLine(argv, process.env);
  switch (command.name) {
    case "serve":
      return runServe(command.options);
    case "mcp":
      return runStdio(command.options);
    case "models":
      return runModels(command.options);
    case "export":
      return runExport(command.options);
    case "help":
      process.stdout.write(usage);
      return 0;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== 0) process.exitCode = code;
  },
  (error: unknown) => {
    if (
      error instanceof ConfigurationError ||
      error instanceof ConsultationError ||
      (error as Error)?.name === "CommandLineError"
    ) {
      process.stderr.write(`ai-universe: ${(error as Error).message}\n`);
      process.exitCode = 2;
      return;
    }
    process.stderr.write(`ai-universe: ${(error as Error)?.stack ?? String(error)}\n`);
    process.exitCode = 1;
  },
);
