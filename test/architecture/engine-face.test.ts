// The engine's one face: every file of src/ outside src/consultation/, and every file of bench/, imports
// the consultation engine only through src/consultation/index.ts, never a file inside it, whether by a
// static import, an export from, or a dynamic import(). The imports are read with the TypeScript
// compiler's own pre-processor; a probe tree with deep imports shows the check finds them, so a check
// that stopped matching fails here. And the engine holds no store: nothing in it imports src/store.

import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { temporaryDirectory } from "../support/temporary-directory.ts";

const repository = fileURLToPath(new URL("../..", import.meta.url));

/** Every .ts file under `folder` (none when there is no such folder). */
function sources(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, encoding: "utf8" })
    .filter((path) => path.endsWith(".ts"))
    .map((path) => join(folder, path));
}

/** The relative imports of `files` (type imports included) whose target `reaches`, as "file -> target". */
function importsReaching(root: string, files: string[], reaches: (target: string) => boolean): string[] {
  return files.flatMap((file) => {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    return importedFiles
      .map((imported) => imported.fileName)
      .filter((name) => name.startsWith("."))
      .map((name) => resolve(dirname(file), name))
      .filter(reaches)
      .map((target) => `${relative(root, file)} -> ${relative(root, target)}`);
  });
}

/** Whether `target` is `folder` or a file inside it. */
const within = (folder: string) => (target: string) => target === folder || target.startsWith(`${folder}/`);

/** The imports from outside `root`/src/consultation (src/, bench/) that reach into it past its index. */
function deepImports(root: string): string[] {
  const engine = join(root, "src", "consultation");
  const face = join(engine, "index.ts");
  const outside = [...sources(join(root, "src")), ...sources(join(root, "bench"))].filter(
    (file) => !within(engine)(file),
  );
  return importsReaching(root, outside, (target) => within(engine)(target) && target !== face);
}

describe("the engine's face", () => {
  it("is the only file of src/consultation that the rest of src/ and bench/ import", () => {
    assert.deepEqual(deepImports(repository), []);
  });

  it("stands on no store: nothing in src/consultation imports src/store, not even a type", () => {
    const engine = sources(join(repository, "src", "consultation"));
    assert.deepEqual(importsReaching(repository, engine, within(join(repository, "src", "store"))), []);
  });

  it("finds a deep import, an export from one and a dynamic one", () => {
    const root = temporaryDirectory("engine-face");
    const files: Record<string, string> = {
      "src/consultation/index.ts": "export const face = 1;\n",
      "src/consultation/asking/record-turn.ts": "export const deep = 1;\n",
      "src/application/fine.ts": 'import { face } from "../consultation/index.ts";\nexport const x = face;\n',
      "src/application/deep.ts":
        'import { deep } from "../consultation/asking/record-turn.ts";\nexport const y = deep;\n',
      "src/application/inner/again.ts": 'export { deep } from "../../consultation/asking/record-turn.ts";\n',
      "src/application/inner/later.ts":
        'export const later = () => import("../../consultation/asking/record-turn.ts");\n',
      "src/consultation/asking/inside.ts": 'export { deep } from "./record-turn.ts";\n',
      "src/runtime/runtime.ts":
        'import { deep } from "../consultation/asking/record-turn.ts";\nexport const z = deep;\n',
      "bench/calls.ts":
        'import { deep } from "../src/consultation/asking/record-turn.ts";\nexport const w = deep;\n',
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    assert.deepEqual(deepImports(root).sort(), [
      "bench/calls.ts -> src/consultation/asking/record-turn.ts",
      "src/application/deep.ts -> src/consultation/asking/record-turn.ts",
      "src/application/inner/again.ts -> src/consultation/asking/record-turn.ts",
      "src/application/inner/later.ts -> src/consultation/asking/record-turn.ts",
      "src/runtime/runtime.ts -> src/consultation/asking/record-turn.ts",
    ]);
  });
});
