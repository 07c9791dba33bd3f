// `ask --workspace DIR`: the folder the agent CLI panelists run in and may read, never write. A path
// that is missing, not a folder or not readable is refused in one line naming the fix, before any
// model is called; a good one is sent as its real path (symbolic links resolved).

import { accessSync, constants, realpathSync, statSync } from "node:fs";
import { fileKindOf } from "../contract/file-kind.ts";
import { CommandLineError } from "./command-error.ts";

/** The real path of the folder `path`; undefined without a path. */
export function workspaceFolder(path: string | undefined): string | undefined {
  if (path === undefined) return undefined;
  let real: string;
  try {
    real = realpathSync(path);
    const stats = statSync(real);
    if (!stats.isDirectory()) {
      throw new CommandLineError(
        `--workspace ${path} is ${stats.isFile() ? "a file" : fileKindOf(stats)}, not a folder. Give the folder the agent CLIs may read.`,
        "ask",
      );
    }
    accessSync(real, constants.R_OK | constants.X_OK);
  } catch (error) {
    if (error instanceof CommandLineError) throw error;
    throw new CommandLineError(
      `Cannot read --workspace ${path}: ${(error as NodeJS.ErrnoException).code ?? "unreadable"}. Give a folder that exists and that you may read.`,
      "ask",
    );
  }
  return real;
}
