// The system's Node.js when it is older than 22.13, the oldest that runs ai-universe: on it,
// bin/ai-universe.js starts the command on the Node 24 the repository pins, as a child process.

import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

/** Whether `version` ("v20.11.0") is older than 22.13. */
export function olderThanSupported(version: string): boolean {
  const [major = 0, minor = 0] = version.replace(/^v/, "").split(".").map(Number);
  return major < 22 || (major === 22 && minor < 13);
}

/**
 * The path of a Node.js older than 22.13: the first on PATH, else /usr/bin/node or /usr/local/bin/node.
 * Throws one line saying what to install when there is none.
 */
export function findOldNode(environment: NodeJS.ProcessEnv = process.env): string {
  const candidates = [
    ...(environment.PATH ?? "")
      .split(delimiter)
      .filter(Boolean)
      .map((directory) => join(directory, "node")),
    "/usr/bin/node",
    "/usr/local/bin/node",
  ];
  for (const candidate of new Set(candidates)) {
    if (!executable(candidate)) continue;
    const version = spawnSync(candidate, ["--version"], { encoding: "utf8" }).stdout?.trim() ?? "";
    if (version && olderThanSupported(version)) return candidate;
  }
  throw new Error(
    "These tests need a Node.js older than 22.13 (on it the launcher runs the command on the pinned Node 24), and none is on PATH or in /usr/bin or /usr/local/bin: install Debian's (apt-get install nodejs) or put an old node on PATH.",
  );
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
