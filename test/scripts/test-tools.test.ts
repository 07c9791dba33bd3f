// scripts/test-tools.ts, which `npm test` runs first, on a machine whose PATH is a directory of stand-ins:
// with everything there it prints nothing; with tools missing and no way to install them (no apt-get, or
// no root's rights) it stops at once with one line naming them and what installs them; with apt-get and
// root's rights (root, or sudo that asks no password) it installs the missing ones, saying what it runs.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { temporaryDirectory } from "../support/temporary-directory.ts";

const script = fileURLToPath(new URL("../../scripts/test-tools.ts", import.meta.url));

/** A machine: `bin/` (its whole PATH) and `sbin/` beside it, holding stand-ins for `commands`. */
function machine(commands: { bin?: string[]; sbin?: string[] }) {
  const root = temporaryDirectory("test-tools");
  chmodSync(root, 0o755); // readable by the user a test runs the check as
  const bin = join(root, "bin");
  const log = join(root, "apt-get.log");
  for (const [folder, names] of [
    ["bin", commands.bin ?? []],
    ["sbin", commands.sbin ?? []],
  ] as const) {
    mkdirSync(join(root, folder), { recursive: true, mode: 0o755 });
    for (const name of names) executable(join(root, folder, name), "#!/bin/sh\nexit 0\n");
  }
  return {
    bin,
    log,
    /** apt-get that logs its arguments, and on `install` puts every tool in bin/ (or fails with `status`). */
    withAptGet(status = 0) {
      const tools = ["chromium", "nginx", "redis-server", "git", "tmux"];
      const installs = tools.map((tool) => `/bin/cp "$0" "${join(bin, tool)}"`).join("; ");
      executable(
        join(bin, "apt-get"),
        `#!/bin/sh\necho "$DEBIAN_FRONTEND $*" >> "${log}"\n[ ${status} -ne 0 ] && exit ${status}\n[ "$1" = install ] && { ${installs}; }\nexit 0\n`,
      );
      // For a run as another user than root: sudo that asks no password and passes VAR=value on.
      executable(
        join(bin, "sudo"),
        `#!/bin/sh\n[ "$1" = -n ] && shift\n[ "$1" = true ] && exit 0\nexec /usr/bin/env "$@"\n`,
      );
    },
    run(environment: Record<string, string> = {}, identity: { uid?: number; gid?: number } = {}) {
      return spawnSync(process.execPath, [script], {
        env: { PATH: bin, ...environment },
        encoding: "utf8",
        ...identity,
      });
    },
    aptGetCalls: () => (existsSync(log) ? readFileSync(log, "utf8").trim().split("\n") : []),
  };
}

function executable(path: string, text: string) {
  writeFileSync(path, text);
  chmodSync(path, 0o755);
}

describe("the test tools check before npm test", () => {
  it("prints nothing when every tool is there, nginx found in the sbin beside bin", () => {
    const here = machine({ bin: ["chromium", "redis-server", "git", "tmux"], sbin: ["nginx"] });
    here.withAptGet();
    const run = here.run();
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stderr + run.stdout, "");
    assert.deepEqual(here.aptGetCalls(), [], "nothing installed");
  });

  it("stops with one line naming what is missing, when this system has no apt-get", () => {
    const here = machine({ bin: ["chromium", "git", "tmux"] });
    const run = here.run();
    assert.equal(run.status, 1);
    assert.equal(run.stdout, "");
    assert.equal(
      run.stderr,
      "The tests need nginx (the load-balancer test), redis-server (the Redis counters test), not installed here: install them with this system's package manager (on Debian: nginx-light, redis-server).\n",
    );
  });

  it("gives a user without root's rights the command to run as root, and installs nothing", () => {
    const here = machine({ bin: ["chromium", "git", "tmux"] });
    here.withAptGet();
    rmSync(join(here.bin, "sudo"));
    // As root, the check runs as nobody; otherwise as this user, who has no sudo on this PATH.
    const run = here.run({}, process.getuid?.() === 0 ? { uid: 65_534, gid: 65_534 } : {});
    assert.equal(run.status, 1, run.stderr);
    assert.equal(
      run.stderr,
      "The tests need nginx (the load-balancer test), redis-server (the Redis counters test), not installed here: run as root `apt-get update && apt-get install -y --no-install-recommends nginx-light redis-server` (npm test does it when run as root or with passwordless sudo).\n",
    );
    assert.deepEqual(here.aptGetCalls(), []);
  });

  it("counts Chromium missing when CHROMIUM_PATH names no program, and says so", () => {
    const here = machine({ bin: ["chromium", "nginx", "redis-server", "git", "tmux"] });
    const run = here.run({ CHROMIUM_PATH: join(here.bin, "no-such-chromium") });
    assert.equal(run.status, 1);
    assert.equal(
      run.stderr,
      "The tests need chromium (the browser tests), not installed here: install it with this system's package manager (on Debian: chromium), or set CHROMIUM_PATH.\n",
    );
  });

  it("installs the missing tools with apt-get, saying what it runs", () => {
    const here = machine({ bin: ["chromium", "git", "tmux"] });
    here.withAptGet();
    const run = here.run();
    assert.equal(run.status, 0, run.stderr);
    assert.equal(
      run.stderr,
      "Installing what the tests need: apt-get update && apt-get install -y --no-install-recommends nginx-light redis-server\n",
    );
    assert.deepEqual(here.aptGetCalls(), [
      "noninteractive update -qq",
      "noninteractive install -y -qq --no-install-recommends nginx-light redis-server",
    ]);
  });

  it("stops with the same line when apt-get fails", () => {
    const here = machine({ bin: ["chromium", "git", "redis-server"] });
    here.withAptGet(100);
    const run = here.run();
    assert.equal(run.status, 1);
    assert.match(
      run.stderr.trimEnd().split("\n").at(-1) ?? "",
      /^apt-get failed \(above\)\. The tests need nginx \(the load-balancer test\), /,
    );
    assert.deepEqual(here.aptGetCalls(), ["noninteractive update -qq"]);
  });
});
