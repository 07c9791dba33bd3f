// Run first by `npm test` (the `pretest` script), on a developer's machine and in .ci/run alike: checks
// that the programs the tests run but npm does not bring are installed (test/support/system-tools.ts).
// The missing ones are installed with apt-get when this runs as root or with passwordless sudo, saying
// what it runs; otherwise the run stops at once with one line naming them and the command that installs
// them. Then it installs, from npm, the oldest Node.js the program supports (test/support/oldest-node.ts),
// for the tests that run the installed package on it. Prints nothing when everything is there.

import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { oldestNodeDirectory, oldestNodeInstalled, oldestNodeVersion } from "../test/support/oldest-node.ts";
import {
  findExecutable,
  findTool,
  installCommand,
  missingToolsMessage,
  type SystemTool,
  systemTools,
} from "../test/support/system-tools.ts";

const missingTools = () => systemTools.filter((tool) => !findTool(tool));

/** The words that run a command as root here (none when this is root), or undefined when none can. */
function rootPrefix(): string[] | undefined {
  if (process.getuid?.() === 0) return [];
  const sudo = findExecutable("sudo");
  if (sudo && spawnSync(sudo, ["-n", "true"], { stdio: "ignore" }).status === 0) return [sudo, "-n"];
  return undefined;
}

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/**
 * Installs `tools` with apt-get, run as root through `prefix`; false when apt-get fails (its errors are
 * on stderr). No question is asked: DEBIAN_FRONTEND is set in the environment, or through sudo.
 */
function install(tools: readonly SystemTool[], prefix: string[], aptGet: string): boolean {
  process.stderr.write(`Installing what the tests need: ${installCommand(tools)}\n`);
  const [file = aptGet, ...command] =
    prefix.length > 0 ? [...prefix, "DEBIAN_FRONTEND=noninteractive", aptGet] : [aptGet];
  const packages = tools.map((tool) => tool.debianPackage);
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", "--no-install-recommends", ...packages],
  ]) {
    const run = spawnSync(file, [...command, ...args], {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (run.status !== 0) return false;
  }
  return true;
}

const missing = missingTools();
if (missing.length > 0) {
  const prefix = rootPrefix();
  const aptGet = findExecutable("apt-get");
  if (!prefix || !aptGet) fail(missingToolsMessage(missing));
  if (!install(missing, prefix, aptGet)) fail(`apt-get failed (above). ${missingToolsMessage(missing)}`);
  const left = missingTools();
  if (left.length > 0) fail(missingToolsMessage(left));
}

if (!oldestNodeInstalled()) {
  process.stderr.write(
    `Installing what the tests need: Node.js ${oldestNodeVersion} from npm, for the oldest-Node tests\n`,
  );
  mkdirSync(oldestNodeDirectory, { recursive: true });
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const installed = spawnSync(
    npm,
    [
      "install",
      "--prefix",
      oldestNodeDirectory,
      "--no-save",
      "--no-audit",
      "--no-fund",
      `node@${oldestNodeVersion}`,
    ],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  if (installed.status !== 0 || !oldestNodeInstalled()) {
    fail(`Could not install Node.js ${oldestNodeVersion} from npm (above): the oldest-Node tests need it.`);
  }
}
