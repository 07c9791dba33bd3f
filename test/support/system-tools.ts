// The programs the tests run that npm does not bring, each with the Debian package that installs it.
// scripts/test-tools.ts checks for them before `npm test` and installs the missing ones when it can; the
// helpers that start them look them up here too, so a test file run on its own fails the same way: at
// once, in one line, with the command that installs what is missing.

import { accessSync, constants, statSync } from "node:fs";
import { basename, delimiter, dirname, join } from "node:path";

/** A program outside npm that the tests run. */
export interface SystemTool {
  /** The command's name. */
  command: string;
  /** The Debian package that installs it. */
  debianPackage: string;
  /** What runs it, for the reader of a failure. */
  usedBy: string;
  /** A variable that, when set, gives the program's path instead of a search of PATH. */
  pathVariable?: string;
}

/** Every program the tests need that npm does not install. */
export const systemTools: readonly SystemTool[] = [
  {
    command: "chromium",
    debianPackage: "chromium",
    usedBy: "the browser tests",
    pathVariable: "CHROMIUM_PATH",
  },
  { command: "nginx", debianPackage: "nginx-light", usedBy: "the load-balancer test" },
  { command: "redis-server", debianPackage: "redis-server", usedBy: "the Redis counters test" },
  { command: "git", debianPackage: "git", usedBy: "the terminal's --diff test" },
  { command: "tmux", debianPackage: "tmux", usedBy: "the Ctrl-C test" },
];

/**
 * Where `command` is installed: the first executable of that name in a directory of PATH, or in the
 * `sbin` beside one (Debian puts nginx in /usr/sbin, which a user's PATH leaves out).
 */
export function findExecutable(command: string, environment: NodeJS.ProcessEnv = process.env) {
  const directories = (environment.PATH ?? "").split(delimiter).filter(Boolean);
  const beside = directories
    .filter((directory) => basename(directory) === "bin")
    .map((directory) => join(dirname(directory), "sbin"));
  return [...directories, ...beside].map((directory) => join(directory, command)).find(isExecutable);
}

/** Where `tool` is: the path its variable names when set, else a search of PATH; undefined when missing. */
export function findTool(tool: SystemTool, environment: NodeJS.ProcessEnv = process.env) {
  const named = tool.pathVariable ? environment[tool.pathVariable] : undefined;
  if (named) return isExecutable(named) ? named : undefined;
  return findExecutable(tool.command, environment);
}

/** The shell command that installs `tools` on Debian, run as root. */
export function installCommand(tools: readonly SystemTool[]): string {
  const packages = tools.map((tool) => tool.debianPackage).join(" ");
  return `apt-get update && apt-get install -y --no-install-recommends ${packages}`;
}

/** One line saying that `tools` are missing and how to install them on this system. */
export function missingToolsMessage(
  tools: readonly SystemTool[],
  environment: NodeJS.ProcessEnv = process.env,
): string {
  const names = tools.map((tool) => `${tool.command} (${tool.usedBy})`).join(", ");
  const packages = tools.map((tool) => tool.debianPackage).join(", ");
  const fix = findExecutable("apt-get", environment)
    ? `run as root \`${installCommand(tools)}\` (npm test does it when run as root or with passwordless sudo)`
    : `install ${tools.length > 1 ? "them" : "it"} with this system's package manager (on Debian: ${packages})`;
  const variables = tools.flatMap((tool) => (tool.pathVariable ? [tool.pathVariable] : []));
  const orVariable = variables.length > 0 ? `, or set ${variables.join(", ")}` : "";
  return `The tests need ${names}, not installed here: ${fix}${orVariable}.`;
}

/** The path of the tool named `command`; throws `missingToolsMessage` when it is not installed. */
export function requireTool(command: string): string {
  const tool = systemTools.find((candidate) => candidate.command === command);
  if (!tool) throw new Error(`${command} is not in test/support/system-tools.ts`);
  const path = findTool(tool);
  if (!path) throw new Error(missingToolsMessage([tool]));
  return path;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
