// Part of `npm run bench -- --start` (bench/start-time.ts): what the first `npx -y ai-universe mcp` on a
// machine costs, with npm's cache empty and the registry reachable, as an MCP client's first start meets
// it. The package is `npm pack` of this checkout (its dist/ as built), so the figures are this build's:
//   - the install: the tarball installed into an empty directory from the registry, with an empty
//     cache; the packages npm installs and the disk they take (node_modules, as `du` counts it);
//   - a cold `npx -y`: `npx -y --package <tarball> ai-universe mcp` from an empty directory with an
//     empty cache, from the spawn to the answer of `initialize` (npx installs the package and its
//     dependencies into its own cache first, as on a user's first start).
// Aims: installed size <= 30 MB; a cold npx answers `initialize` within 5 s on the 2-core development
// machine.

import { execFile, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { diskUsage, packPackage, pathWithThisNode } from "../test/e2e/support/installed-package.ts";
import { type Aim, atMost } from "./aims.ts";
import { median, progress } from "./bench-process.ts";

const run = promisify(execFile);

/** The aims: megabytes installed, and milliseconds from a cold npx's spawn to `initialize` answered. */
export const installAims = { installedMegabytes: 30, coldNpxMs: 5000 };

const coldRounds = 3;

/** How long an install or a cold start may take before the run gives up on it (a registry not answering). */
const giveUpMs = 300_000;

/** What installing the package costs. */
export interface InstallFootprint {
  /** Packages npm installed besides ai-universe itself. */
  dependencies: number;
  /** Bytes on disk of node_modules, the package included. */
  installedBytes: number;
  /** Bytes of the tarball. */
  packedBytes: number;
  /** Milliseconds of each cold npx, spawn to `initialize` answered. */
  coldNpxMs: number[];
}

/** The `initialize` line a stdio client opens with (2025-06-18), as both start measures send it. */
export const initialize = `${JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bench", version: "1" } },
})}\n`;

/**
 * The environment npm runs with: the user's (their npm settings and certificates), with the cache in
 * `cache` and this Node first on PATH, as on a machine whose `node` is a current one.
 */
function npmEnvironment(cache: string): Record<string, string> {
  return {
    ...(process.env as Record<string, string>),
    PATH: pathWithThisNode(),
    npm_config_cache: cache,
    npm_config_audit: "false",
    npm_config_fund: "false",
    npm_config_update_notifier: "false",
  };
}

/** A new empty directory and, beside it, an empty npm cache; removed by `remove`. */
function emptyDirectory(purpose: string): { directory: string; cache: string; remove(): void } {
  const directory = mkdtempSync(join(tmpdir(), `ai-universe-bench-${purpose}-`));
  const cache = `${directory}-npm-cache`;
  return {
    directory,
    cache,
    remove() {
      rmSync(directory, { recursive: true, force: true });
      rmSync(cache, { recursive: true, force: true });
    },
  };
}

/** Installs `tarball` into an empty directory with an empty cache; the packages and bytes installed. */
async function installFresh(tarball: string): Promise<{ dependencies: number; installedBytes: number }> {
  const { directory, cache, remove } = emptyDirectory("install");
  try {
    writeFileSync(join(directory, "package.json"), JSON.stringify({ private: true }));
    await run("npm", ["install", "--no-save", tarball], {
      cwd: directory,
      env: npmEnvironment(cache),
      maxBuffer: 16 * 1024 * 1024,
      timeout: giveUpMs,
    });
    const tree = JSON.parse(readFileSync(join(directory, "node_modules/.package-lock.json"), "utf8")) as {
      packages: Record<string, unknown>;
    };
    return {
      dependencies: Object.keys(tree.packages).length - 1,
      installedBytes: diskUsage(join(directory, "node_modules")),
    };
  } finally {
    remove();
  }
}

/** Milliseconds from spawning `npx -y` of `tarball` with an empty cache to the answer of `initialize`. */
async function coldNpx(tarball: string): Promise<number> {
  const { directory, cache, remove } = emptyDirectory("npx");
  // The program's own data (the database, the price data) in the empty directory too.
  const environment = {
    ...npmEnvironment(cache),
    XDG_DATA_HOME: directory,
    DATABASE_URL: join(directory, "conversations.db"),
  };
  try {
    return await new Promise<number>((resolve, reject) => {
      const started = performance.now();
      const child = spawn("npx", ["-y", "--package", tarball, "ai-universe", "mcp"], {
        cwd: directory,
        env: environment,
        stdio: ["pipe", "pipe", "pipe"],
      });
      let output = "";
      let answeredMs: number | undefined;
      const read = (chunk: string) => {
        output = (output + chunk).slice(-4000);
      };
      child.stderr.setEncoding("utf8").on("data", read);
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
        read(chunk);
        if (answeredMs === undefined && chunk.includes("\n")) {
          answeredMs = performance.now() - started;
          child.stdin.end(); // the stdio server stops when its client closes stdin
        }
      });
      child.stdin.write(initialize);
      const giveUp = setTimeout(() => child.kill(), giveUpMs);
      child.once("error", reject);
      child.once("exit", (code) => {
        clearTimeout(giveUp);
        if (answeredMs !== undefined) resolve(answeredMs);
        else reject(new Error(`npx -y ai-universe mcp exited with ${code} unanswered:\n${output}`));
      });
    });
  } finally {
    remove();
  }
}

/** Packs the checkout and measures its install and cold npx starts against the registry. */
export async function measureInstall(): Promise<InstallFootprint> {
  progress("install footprint: npm pack, an install and cold npx starts from the registry");
  const packed = await packPackage();
  const installed = await installFresh(packed.tarball);
  const coldNpxMs: number[] = [];
  for (let round = 0; round < coldRounds; round++) coldNpxMs.push(await coldNpx(packed.tarball));
  return { ...installed, packedBytes: packed.size, coldNpxMs };
}

/** Prints `footprint`; its aims are `installAimsOf`'s. */
export function printInstall(footprint: InstallFootprint): void {
  const megabytes = (bytes: number) => (bytes / 1e6).toFixed(1);
  const cold = median(footprint.coldNpxMs);
  console.log(`${"install (empty npm cache, from the registry)".padEnd(54)}${"value".padStart(12)}`);
  console.log(`${"packed MB".padEnd(54)}${megabytes(footprint.packedBytes).padStart(12)}`);
  console.log(
    `${"installed MB (node_modules on disk)".padEnd(54)}${megabytes(footprint.installedBytes).padStart(12)}`,
  );
  console.log(`${"dependencies installed".padEnd(54)}${String(footprint.dependencies).padStart(12)}`);
  console.log(
    `${`cold npx -y ... mcp: initialize answered, ms (median of ${footprint.coldNpxMs.length})`.padEnd(54)}${cold.toFixed(0).padStart(12)}`,
  );
}

/** The aims of the first start on a machine, beside `footprint`'s figures. */
export function installAimsOf(footprint: InstallFootprint): Aim[] {
  return [
    atMost(
      `installed size <= ${installAims.installedMegabytes} MB`,
      footprint.installedBytes / 1e6,
      installAims.installedMegabytes,
      (megabytes) => `${megabytes.toFixed(1)} MB`,
    ),
    atMost(
      `a cold npx answers initialize <= ${installAims.coldNpxMs / 1000} s`,
      median(footprint.coldNpxMs),
      installAims.coldNpxMs,
      (ms) => `${(ms / 1000).toFixed(2)} s`,
    ),
  ];
}
