// How `npm run bench -- --profile` reads a CPU profile: each sample is charged to the package or the file
// of ours its function is in, idle samples are left out, and the places come largest first.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { sharesOf } from "../../bench/cpu-profile.ts";

const frame = (id: number, url: string, functionName = "f") => ({ id, callFrame: { url, functionName } });

describe("the CPU profile's shares", () => {
  it("charges samples to packages and to our files, without the idle ones", () => {
    const nodes = [
      frame(1, "", "(idle)"),
      frame(2, "file:///app/node_modules/@ai-sdk/anthropic/dist/index.mjs"),
      frame(3, "file:///app/node_modules/zod/v4/core/core.js"),
      frame(4, "file:///app/src/store/sqlite/turn-writer.ts"),
      frame(5, "", "(garbage collector)"),
      frame(6, "node:net"),
    ];
    const shares = sharesOf({ nodes, samples: [1, 1, 1, 1, 2, 2, 2, 3, 4, 4, 5, 6] });
    assert.deepEqual(
      shares.map(([place, share]) => [place, Math.round(share * 100)]),
      [
        ["@ai-sdk/anthropic", 38],
        ["src/store/sqlite/turn-writer.ts", 25],
        ["zod", 13],
        ["(garbage collector)", 13],
        ["node:net", 13],
      ],
    );
  });
});
