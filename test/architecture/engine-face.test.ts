// The engine's one face: src/application/ imports the consultation engine only through
// src/consultation/index.ts, never a file inside it, whether by a static import, an export from, or a
// dynamic import(). The imports are read with the TypeScript compiler's own pre-processor; a probe
// tree with one deep import shows the check finds it, so a check that stopped matching fails here.

import assert from "node:assert/strict";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { temporaryDirectory } from "../support/temporary-directory.ts";

const repository = fileURLToPath(new URL("../..", import.meta.url));

/** Every .ts file under `folder`. */
function sources(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: "utf8" })
    .filter((path) => path.endsWith(".ts"))
    .map((path) => join(folder, path));
}

/** The imports in `root`/src/application that reach into `root`/src/consultation past its index, as "file -> target". */
function deepImports(root: string): string[] {
  const engine = join(root, "src", "consultation");
  const face = join(engine, "index.ts");
  return sources(join(root, "src", "application")).flatMap((file) => {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    return importedFiles
      .map((imported) => imported.fileName)
      .filter((name) => name.startsWith("."))
      .map((name) => resolve(dirname(file), name))
      .filter((target) => (target === engine || target.startsWith(`${engine}/`)) && target !== face)
      .map((target) => `${relative(root, file)} -> ${relative(root, target)}`);
  });
}

describe("the engine's face", () => {
  it("is the only file of src/consultation that src/application imports", () => {
    assert.deepEqual(deepImports(repository), []);
  });

  it("finds a deep import, an export from one and a dynamic one", () => {
    const root = temporaryDirectory("engine-face");
    const files: Record<string, string> = {
      "src/consultation/index.ts": "export const face = 1;\n",
      "src/consultation/turn/record-turn.ts": "export const deep = 1;\n",
      "src/application/fine.ts": 'import { face } from "../consultation/index.ts";\nexport const x = face;\n',
      "src/application/deep.ts":
        'import { deep } from "../consultation/turn/record-turn.ts";\nexport const y = deep;\n',
      "src/application/inner/again.ts": 'export { deep } from "../../consultation/turn/record-turn.ts";\n',
      "src/application/inner/later.ts":
        'export const later = () => import("../../consultation/turn/record-turn.ts");\n',
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    assert.deepEqual(deepImports(root).sort(), [
      "src/application/deep.ts -> src/consultation/turn/record-turn.ts",
      "src/application/inner/again.ts -> src/consultation/turn/record-turn.ts",
      "src/application/inner/later.ts -> src/consultation/turn/record-turn.ts",
    ]);
  });
});
