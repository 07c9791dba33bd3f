// The front-door rule of biome.json, run by `npm run lint` in `npm test`: the front ends (cli, http,
// mcp, stdio) may not import the store, the consultation engine, credentials or providers, at any depth,
// while the application may. Probe files in a copy of the configuration show the rule firing, so a
// rule that stopped matching (a changed pattern, a moved folder) fails here instead of passing quietly.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { temporaryDirectory } from "../support/temporary-directory.ts";

const repository = fileURLToPath(new URL("../..", import.meta.url));
const biome = join(repository, "node_modules", ".bin", "biome");
const frontEnds = ["cli", "http", "mcp", "stdio"];
const engine = ["store", "consultation", "credentials", "providers"];

/** Lints `files` (path → text) under a copy of the project's configuration; the paths biome flags. */
function flagged(files: Record<string, string>): string[] {
  const root = temporaryDirectory("front-doors");
  const configuration = JSON.parse(readFileSync(join(repository, "biome.json"), "utf8"));
  delete configuration.vcs; // the copy is no git checkout
  configuration.files = { ignoreUnknown: true };
  writeFileSync(join(root, "biome.json"), JSON.stringify(configuration));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const run = spawnSync(biome, ["lint", "--max-diagnostics=500", "."], { cwd: root, encoding: "utf8" });
  const output = `${run.stdout}${run.stderr}`;
  return [...output.matchAll(/^(src\/\S+\.ts):\d+:\d+ lint\/style\/noRestrictedImports/gm)].map(
    (match) => match[1] ?? "",
  );
}

const importing = (target: string) =>
  `import type { Probe } from "${target}";\n\nexport type Used = Probe;\n`;

describe("the front doors", () => {
  it("refuses an import of the engine from every front end, from its folder and from a subfolder", () => {
    const files: Record<string, string> = {};
    for (const folder of engine) files[`src/${folder}/probe.ts`] = "export type Probe = string;\n";
    const expected: string[] = [];
    for (const front of frontEnds)
      for (const folder of engine) {
        files[`src/${front}/uses-${folder}.ts`] = importing(`../${folder}/probe.ts`);
        files[`src/${front}/inner/uses-${folder}.ts`] = importing(`../../${folder}/probe.ts`);
        expected.push(`src/${front}/inner/uses-${folder}.ts`, `src/${front}/uses-${folder}.ts`);
      }
    assert.deepEqual(flagged(files).sort(), expected.sort());
  });

  it("lets the front ends use the application, the contract and the runtime, and the application the engine", () => {
    const files: Record<string, string> = {
      "src/application/probe.ts": "export type Probe = string;\n",
      "src/contract/probe.ts": "export type Probe = string;\n",
      "src/runtime/probe.ts": "export type Probe = string;\n",
      "src/store/probe.ts": "export type Probe = string;\n",
      "src/application/uses-store.ts": importing("../store/probe.ts"),
    };
    for (const front of frontEnds)
      for (const allowed of ["application", "contract", "runtime"])
        files[`src/${front}/uses-${allowed}.ts`] = importing(`../${allowed}/probe.ts`);
    assert.deepEqual(flagged(files), []);
  });
});
