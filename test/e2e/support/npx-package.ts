// `npx -y ai-universe mcp` run against this checkout: the package packed and installed
// (installed-package.ts), linked into a temporary global prefix as a global install would, with an empty
// npm cache and no network, so npx finds this package and no other (a snippet naming another fails).

import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { temporaryDirectory } from "../../support/temporary-directory.ts";
import { installPackage, packPackage } from "./installed-package.ts";

/** Packs and installs the checkout; the variables that make npx, wherever it runs, find it. */
export async function npxFindingThisPackage(): Promise<Record<string, string>> {
  const installed = await installPackage(await packPackage());
  const prefix = temporaryDirectory("prefix");
  mkdirSync(join(prefix, "bin"));
  symlinkSync(join(installed.root, "bin/ai-universe.js"), join(prefix, "bin/ai-universe"));
  return {
    npm_config_prefix: prefix,
    npm_config_cache: temporaryDirectory("npm-cache"),
    npm_config_offline: "true",
    npm_config_update_notifier: "false",
  };
}
