// The oldest Node.js ai-universe runs on (22.13, the floor of package.json's engines), for the tests
// that run the installed package on it: its SQLite has no full-text search (FTS5 came in 22.16). npm's
// `pretest` (scripts/test-tools.ts) installs it from the npm registry's `node` package into
// node_modules/.cache, outside the project's dependencies, so it never becomes the `node` npm scripts run.

import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The version tested: the floor of `engines`. */
export const oldestNodeVersion = "22.13.1";

/** Where the pretest installs it. */
export const oldestNodeDirectory = fileURLToPath(
  new URL(`../../node_modules/.cache/oldest-node-${oldestNodeVersion}/`, import.meta.url),
);

/** The Node binary, once installed. */
export const oldestNodePath = `${oldestNodeDirectory}node_modules/node/bin/node`;

/** Whether the binary is there and is that version. */
export function oldestNodeInstalled(): boolean {
  if (!existsSync(oldestNodePath)) return false;
  const version = spawnSync(oldestNodePath, ["--version"], { encoding: "utf8" }).stdout?.trim();
  return version === `v${oldestNodeVersion}`;
}

/** The binary's path; throws one line saying how to install it when it is missing. */
export function oldestNode(): string {
  if (oldestNodeInstalled()) return oldestNodePath;
  throw new Error(
    `Node.js ${oldestNodeVersion} is missing at ${oldestNodePath}: run "node scripts/test-tools.ts" (npm test's pretest), which installs it from npm.`,
  );
}
