// The package as a user gets it: `npm pack` of this checkout (its built dist/), installed into an empty
// directory outside the checkout, from npm's cache alone (`npm ci` of the checkout filled it), with no
// network. npm resolves a package's dependencies from the registry's package lists, which the cache does
// not hold, so the install is given a lockfile: the tarball, and the checkout's package-lock.json entries
// of every package that is not only a devDependency, at the versions `npm ci` tested. npm then takes each
// one by its integrity from the cache; one that is not there fails the install with one line saying so.

import { execFile } from "node:child_process";
import { existsSync, lstatSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { temporaryDirectory } from "../../support/temporary-directory.ts";

const run = promisify(execFile);

/** The checkout's root directory, without a trailing slash. */
export const checkout = fileURLToPath(new URL("../../../", import.meta.url)).replace(/\/$/, "");

/** What `npm pack` made. */
export interface PackedPackage {
  tarball: string;
  /** Bytes of the tarball. */
  size: number;
  /** Bytes of its files once unpacked. */
  unpackedSize: number;
  /** The paths of its files, from the package's root. */
  files: string[];
}

/** The package installed into a directory of its own. */
export interface InstalledPackage {
  /** The directory it was installed into (its node_modules holds the package and its dependencies). */
  directory: string;
  /** The installed package's root. */
  root: string;
  /** The `ai-universe` command npm linked (node_modules/.bin/ai-universe). */
  command: string;
  /** The names of every package installed. */
  installed: string[];
}

/** The environment npm runs with: the user's cache, no network, none of the checkout's settings. */
function npmEnvironment(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    npm_config_offline: "true",
    npm_config_audit: "false",
    npm_config_fund: "false",
    npm_config_update_notifier: "false",
  };
}

/** Packs the checkout (its dist/ as built) into a new temporary directory. */
export async function packPackage(): Promise<PackedPackage> {
  if (!existsSync(join(checkout, "dist/cli/main.js")) || !existsSync(join(checkout, "dist/web/index.html"))) {
    throw new Error(`${checkout}/dist is not built: run "npm run build" first (npm test does).`);
  }
  const destination = temporaryDirectory("pack");
  // --ignore-scripts: `prepare` would build dist/ again; the test packs the build the run made.
  const { stdout } = await run(
    "npm",
    ["pack", "--json", "--ignore-scripts", "--pack-destination", destination],
    { cwd: checkout, env: npmEnvironment(), maxBuffer: 16 * 1024 * 1024 },
  );
  const [packed] = JSON.parse(stdout) as {
    filename: string;
    size: number;
    unpackedSize: number;
    files: { path: string }[];
  }[];
  if (!packed) throw new Error(`npm pack reported nothing: ${stdout}`);
  return {
    tarball: join(destination, packed.filename),
    size: packed.size,
    unpackedSize: packed.unpackedSize,
    files: packed.files.map((file) => file.path),
  };
}

interface LockEntry {
  dev?: boolean;
  [field: string]: unknown;
}

/** Installs `packed` into a new temporary directory from npm's cache, with no network. */
export async function installPackage(packed: PackedPackage): Promise<InstalledPackage> {
  const directory = temporaryDirectory("installed");
  const manifest = JSON.parse(readFileSync(join(checkout, "package.json"), "utf8"));
  const lock = JSON.parse(readFileSync(join(checkout, "package-lock.json"), "utf8")) as {
    packages: Record<string, LockEntry>;
  };
  const tarball = `file:${packed.tarball}`;
  const packages: Record<string, unknown> = {
    "": { dependencies: { "ai-universe": tarball } },
    "node_modules/ai-universe": {
      version: manifest.version,
      resolved: tarball,
      license: manifest.license,
      dependencies: manifest.dependencies,
      peerDependencies: manifest.peerDependencies,
      peerDependenciesMeta: manifest.peerDependenciesMeta,
      bin: manifest.bin,
      engines: manifest.engines,
    },
  };
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (path !== "" && !entry.dev) packages[path] = entry;
  }
  writeFileSync(
    join(directory, "package.json"),
    JSON.stringify({ private: true, dependencies: { "ai-universe": tarball } }),
  );
  writeFileSync(
    join(directory, "package-lock.json"),
    JSON.stringify({ lockfileVersion: 3, requires: true, packages }),
  );
  try {
    await run("npm", ["ci"], { cwd: directory, env: npmEnvironment(), maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const output = `${(error as { stderr?: string }).stderr ?? ""}`;
    const uncached = output.match(/request to (\S+) failed: cache mode is 'only-if-cached'/)?.[1];
    throw new Error(
      uncached
        ? `npm's cache lacks ${decodeURIComponent(uncached)}: run "npm ci" in ${checkout} first (it fills the cache).`
        : `installing the package failed: ${output.trim().split("\n").slice(-5).join(" ")}`,
    );
  }
  const tree = JSON.parse(readFileSync(join(directory, "node_modules/.package-lock.json"), "utf8")) as {
    packages: Record<string, unknown>;
  };
  const installed = Object.keys(tree.packages).map((path) =>
    path.slice(path.lastIndexOf("node_modules/") + 13),
  );
  return {
    directory,
    root: join(directory, "node_modules/ai-universe"),
    command: join(directory, "node_modules/.bin/ai-universe"),
    installed: [...new Set(installed)].sort(),
  };
}

/** PATH with this Node's directory first, as on a machine whose `node` is a current one. */
export function pathWithThisNode(): string {
  const nodeDirectory = process.execPath.slice(0, process.execPath.lastIndexOf("/"));
  return `${nodeDirectory}:${process.env.PATH ?? ""}`;
}

/** Bytes on disk of `directory` and everything in it, as `du` counts them (allocated blocks). */
export function diskUsage(directory: string): number {
  let bytes = lstatSync(directory).blocks * 512;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    bytes += entry.isDirectory() ? diskUsage(path) : lstatSync(path).blocks * 512;
  }
  return bytes;
}
