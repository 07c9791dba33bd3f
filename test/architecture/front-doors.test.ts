// The front-door rule of biome.json, run by `npm run lint` in `npm test`: an allow-list. The front ends
// (cli, http, mcp, stdio) may import, outside their own folder, only the application's face
// (src/application/index.ts), the contract and the runtime; HTTP and stdio also the one MCP server factory
// they wrap, the command line the two servers it starts. The web page may import only the contract. Probe
// files in a copy of the configuration show the rule firing in every front end, from its folder and from a
// subfolder, so a rule that stopped matching (a changed pattern, a moved folder) fails here instead of
// passing quietly.

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
/** Folders below the application a front end used to reach, and the application's own insides. */
const forbidden = [
  "store/probe.ts",
  "consultation/probe.ts",
  "credentials/probe.ts",
  "providers/probe.ts",
  "configuration/probe.ts",
  "pricing/probe.ts",
  "evaluation/probe.ts",
  "observability/probe.ts",
  "application/application.ts",
  "application/accounts/probe.ts",
];
const probe = "export type Probe = string;\n";

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
  const run = spawnSync(biome, ["lint", "--max-diagnostics=1000", "."], { cwd: root, encoding: "utf8" });
  const output = `${run.stdout}${run.stderr}`;
  return [...output.matchAll(/^((?:src|web)\/\S+\.tsx?):\d+:\d+ lint\/style\/noRestrictedImports/gm)]
    .map((match) => match[1] ?? "")
    .sort();
}

const importing = (target: string) =>
  `import type { Probe } from "${target}";\n\nexport type Used = Probe;\n`;
const slug = (target: string) => target.replace(/\W+/g, "-");

describe("the front doors", () => {
  it("refuses, from every front end's folder and subfolder, anything but the application's face, the contract and the runtime", () => {
    const files: Record<string, string> = {};
    const expected: string[] = [];
    for (const front of frontEnds)
      for (const target of [
        ...forbidden,
        ...frontEnds.filter((other) => other !== front).map((o) => `${o}/probe.ts`),
      ]) {
        const top = `src/${front}/uses-${slug(target)}.ts`;
        const inner = `src/${front}/inner/uses-${slug(target)}.ts`;
        files[top] = importing(`../${target}`);
        files[inner] = importing(`../../${target}`);
        expected.push(top, inner);
      }
    assert.deepEqual(flagged(files), expected.sort());
  });

  it("lets the front ends use the application's face, the contract, the runtime and their own files", () => {
    const files: Record<string, string> = { "src/store/probe.ts": probe };
    for (const front of frontEnds) {
      files[`src/${front}/own.ts`] = probe;
      files[`src/${front}/uses-own.ts`] = importing("./own.ts");
      files[`src/${front}/inner/uses-own.ts`] = importing("../own.ts");
      for (const allowed of [
        "application/index.ts",
        "contract/probe.ts",
        "contract/report/probe.ts",
        "runtime/probe.ts",
      ]) {
        files[`src/${front}/uses-${slug(allowed)}.ts`] = importing(`../${allowed}`);
        files[`src/${front}/inner/uses-${slug(allowed)}.ts`] = importing(`../../${allowed}`);
      }
    }
    files["src/application/uses-store.ts"] = importing("../store/probe.ts");
    assert.deepEqual(flagged(files), []);
  });

  it("lets HTTP and stdio wrap the one MCP server, and the command line start the servers, and no more", () => {
    const files: Record<string, string> = {
      "src/http/uses-server.ts": importing("../mcp/create-server.ts"),
      "src/stdio/uses-server.ts": importing("../mcp/create-server.ts"),
      "src/cli/uses-http-server.ts": importing("../http/http-server.ts"),
      "src/cli/uses-stdio-server.ts": importing("../stdio/stdio-server.ts"),
      "src/http/uses-tools.ts": importing("../mcp/tool-catalog.ts"),
      "src/cli/uses-server.ts": importing("../mcp/create-server.ts"),
      "src/mcp/uses-http-server.ts": importing("../http/http-server.ts"),
    };
    assert.deepEqual(flagged(files), [
      "src/cli/uses-server.ts",
      "src/http/uses-tools.ts",
      "src/mcp/uses-http-server.ts",
    ]);
  });

  it("lets the web page import the contract and its own files, and nothing else of the server", () => {
    const files: Record<string, string> = {
      "web/src/own.ts": probe,
      "web/src/uses-contract.ts": importing("../../src/contract/probe.ts"),
      "web/src/uses-own.ts": importing("./own.ts"),
      "web/src/components/Uses.tsx": importing("../../../src/contract/report/plots.ts"),
      "web/src/components/UsesOwn.tsx": importing("../own.ts"),
      "web/src/uses-application.ts": importing("../../src/application/index.ts"),
      "web/src/uses-evaluation.ts": importing("../../src/evaluation/report/html-report.ts"),
      "web/src/components/UsesEvaluation.tsx": importing("../../../src/evaluation/report/html-report.ts"),
      "web/src/components/UsesRuntime.tsx": importing("../../../src/runtime/runtime.ts"),
    };
    assert.deepEqual(flagged(files), [
      "web/src/components/UsesEvaluation.tsx",
      "web/src/components/UsesRuntime.tsx",
      "web/src/uses-application.ts",
      "web/src/uses-evaluation.ts",
    ]);
  });
});
