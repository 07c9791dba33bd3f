// The progress board off a terminal (a pipe, or NO_COLOR with TERM=dumb): one plain line per finished
// step, debate rounds, reviewers and an adaptive escalation included, and no answer text, which only a
// live board shows.
// Last lines of forming text are cut to the room on the line and cleaned of control characters.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import picocolors from "picocolors";
import { progressBoard } from "../../../src/cli/terminal/progress-board.ts";
import type { TerminalStyle } from "../../../src/cli/terminal/terminal-style.ts";
import { previewLine } from "../../../src/cli/terminal/text-preview.ts";

const plain: TerminalStyle = {
  colors: picocolors.createColors(false),
  colored: false,
  live: false,
  width: 100,
};

/** A board on a stream that cannot redraw, and what it wrote so far. */
function plainBoard() {
  let written = "";
  const stream = {
    isTTY: false,
    write: (text: string) => (written += text),
  } as unknown as NodeJS.WriteStream;
  return { board: progressBoard(stream, plain), written: () => written };
}

describe("the progress board", () => {
  it("writes a line per finished model, debate round, reviewer and synthesis when it cannot redraw", () => {
    const { board, written } = plainBoard();
    assert.equal(board.live, false);
    const finished = { latencyMs: 1200, tokensUsed: 40, cost: 0.0002, error: false } as const;
    board.onEvent({ type: "model-started", model: "alpha", role: "primary" });
    board.onEvent({ type: "model-started", model: "beta", role: "secondary" });
    board.onEvent({ type: "model-text", model: "alpha", stage: "opinion", delta: "Alpha thinks" });
    board.onEvent({ type: "model-finished", model: "alpha", role: "primary", ...finished });
    board.onEvent({ type: "model-finished", model: "beta", role: "secondary", ...finished });
    board.onEvent({ type: "round-started", round: 2, models: ["alpha", "beta"] });
    board.onEvent({ type: "model-text", model: "beta", stage: "revision", delta: "Beta revises" });
    board.onEvent({ type: "review-started", reviewers: ["alpha", "beta"] });
    board.onEvent({ type: "review-finished", reviewer: "alpha", error: false });
    board.onEvent({ type: "review-finished", reviewer: "beta", error: true, failure: "no\nranking" });
    board.onEvent({ type: "synthesis-started", model: "alpha" });
    board.onEvent({ type: "synthesis-finished", model: "alpha", error: false });
    board.stop(true);
    assert.match(
      written(),
      /^✓ alpha \(primary\) 1\.2 s, 40 tokens, \$0\.0002\n✓ beta \(secondary\) 1\.2 s, 40 tokens, \$0\.0002\n✓ debate round 2: alpha, beta revise \d+\.\d s\n✓ review by alpha \d+\.\d s\n✗ review by beta failed after \d+\.\d s: no ranking\n✓ synthesis by alpha \d+\.\d s\n$/,
    );
    assert.doesNotMatch(written(), /thinks|revises/);
  });

  it("writes an adaptive consultation's escalation between the first two's synthesis and the rest", () => {
    const { board, written } = plainBoard();
    const finished = { latencyMs: 1000, error: false } as const;
    for (const model of ["beta", "delta"]) {
      board.onEvent({ type: "model-started", model, role: "secondary" });
      board.onEvent({ type: "model-finished", model, role: "secondary", ...finished });
    }
    board.onEvent({ type: "synthesis-started", model: "alpha" });
    board.onEvent({ type: "synthesis-finished", model: "alpha", error: false });
    board.onEvent({
      type: "adaptive-escalated",
      models: ["alpha", "gamma"],
      agreement: 0.3,
      reason: "beta and delta disagree:\u001b[2J agreement 0.3 is below 0.8",
    });
    board.onEvent({ type: "model-started", model: "alpha", role: "primary" });
    board.onEvent({ type: "model-finished", model: "alpha", role: "primary", ...finished });
    board.onEvent({ type: "synthesis-started", model: "alpha" });
    board.onEvent({ type: "synthesis-finished", model: "alpha", error: false });
    board.stop(true);
    assert.match(
      written(),
      /^✓ beta \(secondary\) 1\.0 s\n✓ delta \(secondary\) 1\.0 s\n✓ synthesis by alpha \d+\.\d s\n→ asking alpha, gamma too: beta and delta disagree:\[2J agreement 0\.3 is below 0\.8\n✓ alpha \(primary\) 1\.0 s\n✓ synthesis by alpha \d+\.\d s\n$/,
    );
  });

  it("previews the last line with text, cut to the room left and without control characters", () => {
    assert.equal(previewLine("First line\nSecond \u001b[31mline\n\n", 40), "Second [31mline");
    assert.equal(previewLine("abcdefghij", 6), "abcde…");
    assert.equal(previewLine("\n  \n", 10), "");
  });
});
