// The claims table and the independent votes in a terminal: each claim on one line with its backers,
// a mark on a claim one model alone states or one contradicted (with who contradicts it), the number
// of sources, and "N models ≈ X independent votes" with where the number came from.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import picocolors from "picocolors";
import { renderAssessment } from "../../../src/cli/terminal/render-council.ts";
import type { TerminalStyle } from "../../../src/cli/terminal/terminal-style.ts";
import type { Assessment } from "../../../src/contract/opinions.ts";

const plain: TerminalStyle = {
  colors: picocolors.createColors(false),
  colored: false,
  live: false,
  width: 100,
};

const assessment: Assessment = {
  agreement: { score: 0.67, reason: "two of three favour SQLite" },
  consensus: [],
  dissent: [],
  claims: [
    {
      claim: "WAL mode handles **one writer**",
      backers: ["claude", "gemini"],
      contradictors: [],
      citations: [{ title: "WAL", url: "https://sqlite.org/wal.html" }],
      marks: [],
    },
    {
      claim: "Replicas need PostgreSQL",
      backers: ["grok"],
      contradictors: ["claude"],
      citations: [],
      marks: ["one model", "contradicted"],
    },
  ],
  independentVotes: { value: 2.1, models: 3, source: "eval", runs: 3, pairs: [] },
};

describe("claims and independent votes in a terminal", () => {
  const lines = renderAssessment(assessment, plain);

  it("shows how many independent votes the panel is worth, and from what", () => {
    assert.ok(lines.includes("3 models ≈ 2.1 independent votes (from 3 eval runs)"), lines.join("\n"));
  });

  it("shows one line per claim with its backers, sources, contradictors and marks", () => {
    const table = lines.slice(lines.indexOf("Claims:"));
    assert.equal(table[2], "  claude, gemini  WAL mode handles one writer [1 src]");
    assert.equal(table[3], "! grok            Replicas need PostgreSQL ✗ claude (one model, contradicted)");
  });
});
