// The function-length rule (scripts/long-functions.ts), run by `npm test`: no function in src/ or web/src/
// over 80 lines without a `long-function:` comment saying why. First the checker itself over small
// sources, so a checker that stopped counting fails here, then the repository.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import {
  describeLongFunction,
  findLongFunctions,
  type LongFunction,
  sourceFiles,
} from "../../scripts/long-functions.ts";

const repository = fileURLToPath(new URL("../..", import.meta.url));

/** A body of `count` lines in all, the opening and closing lines included. */
const body = (count: number) =>
  Array.from({ length: count - 2 }, (_, index) => `  const v${index} = ${index};`);

const declaration = (name: string, lines: number) => [`function ${name}() {`, ...body(lines), "}"].join("\n");

const found = (text: string, path = "src/probe.ts") =>
  findLongFunctions([{ path, text }]).map(({ name, lines, line }) => ({ name, lines, line }));

describe("the long-function checker", () => {
  it("lists a function of 81 lines with where it starts and its length, and not one of 80", () => {
    const text = `// header\n\n${declaration("long", 81)}\n\n${declaration("fits", 80)}\n`;
    assert.deepEqual(found(text), [{ name: "long", lines: 81, line: 3 }]);
  });

  it("names an arrow function by its const, a method by its class, and a callback by what it is passed to", () => {
    const arrow = ["export const handle = async (input: string) => {", ...body(81), "};"].join("\n");
    const method = ["class Board {", "  draw() {", ...body(81), "  }", "}"].join("\n");
    const callback = ['describe("x", () => {', ...body(81), "});"].join("\n");
    const property = ["const table = {", "  run: () => {", ...body(81), "  },", "};"].join("\n");
    const names = found([arrow, method, callback, property].join("\n")).map(({ name }) => name);
    assert.deepEqual(names, ["handle", "Board.draw", "describe callback", "run"]);
  });

  it("counts the functions inside a function too, and reads .tsx", () => {
    const inner = ["  const render = () => {", ...body(81), "  };"];
    const outer = ["export function Page() {", ...inner, "  return <div>{render()}</div>;", "}"].join("\n");
    assert.deepEqual(
      found(outer, "web/src/Page.tsx").map(({ name, lines }) => `${name} ${lines}`),
      ["Page 84", "render 81"],
    );
  });

  it("lets a `long-function:` comment above the function or its statement exempt it, and no other comment", () => {
    const exempted = [
      `// long-function: one table of routes, read top to bottom\n${declaration("routes", 90)}`,
      `/**\n * The handlers.\n * long-function: each case is one line of the protocol\n */\nexport ${declaration("handlers", 90)}`,
      `// long-function: a renderer read as one screen\nexport const Screen = memo(() => {\n${body(90).join("\n")}\n});`,
      `// long-function: the command's whole flow\nconst run = async () => {\n${body(90).join("\n")}\n};`,
    ];
    assert.deepEqual(found(exempted.join("\n\n")), []);
    const notExempted = [
      `// long-function: parted from it by a blank line\n\n${declaration("parted", 90)}`,
      `// long-function:\n${declaration("noReason", 90)}`,
      `// a long function, but no why\n${declaration("plain", 90)}`,
    ];
    assert.deepEqual(
      found(notExempted.join("\n\n")).map(({ name }) => name),
      ["parted", "noReason", "plain"],
    );
  });

  it("prints an offender as path:line name (N lines)", () => {
    const offender: LongFunction = { path: "src/cli/x.ts", line: 12, name: "runX", lines: 95 };
    assert.equal(describeLongFunction(offender), "src/cli/x.ts:12 runX (95 lines)");
  });
});

describe("the repository", () => {
  it("has no function over 80 lines without a long-function: comment saying why", () => {
    const files = sourceFiles(repository);
    assert.ok(
      files.some(({ path }) => path === "src/cli/main.ts") && files.some(({ path }) => path.endsWith(".tsx")),
    );
    const offenders = findLongFunctions(files);
    assert.deepEqual(
      offenders.map(describeLongFunction),
      [],
      'split these functions, or say why above each with a "// long-function: <reason>" comment',
    );
  });
});
