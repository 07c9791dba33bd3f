// The last line of an answer forming, as the live board shows it, is the same whether the answer came
// whole or in pieces of any size (a line break split from its carriage return, a line longer than any
// terminal), and the work of a piece stays the same however long the answer grows: words, one unbroken
// run, many short lines.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import picocolors from "picocolors";
import { progressBoard } from "../../../src/cli/terminal/progress-board.ts";
import { formingLine, oneLine } from "../../../src/cli/terminal/text-preview.ts";
import { allocatedBytes } from "../../support/allocated-bytes.ts";

/** The last non-blank line of the whole `text`, cleaned and cut to `room`: what the board shows. */
function lastLineOf(text: string, room: number): string {
  const last =
    text
      .split(/\r?\n/)
      .map(oneLine)
      .findLast((line) => line !== "") ?? "";
  const characters = [...last];
  return characters.length <= room ? last : `${characters.slice(0, room - 1).join("")}…`;
}

const texts = [
  "First line\r\nSecond \u001b[31mline\r\n\r\n  \n",
  "One line that goes on and on, wider than the room it has",
  `${"QUJD".repeat(3000)}\nnext`,
  `short\n${"   ".repeat(2000)}then text after many blanks`,
  `${"ab\n".repeat(50)}é 🙂 ends here`,
  "",
];

describe("the forming line of an answer", () => {
  for (const pieceChars of [1, 2, 7, 24, 100_000])
    it(`shows the same line fed in pieces of ${pieceChars} as fed whole`, () => {
      for (const text of texts) {
        const line = formingLine();
        for (let start = 0; start < text.length; start += pieceChars)
          line.add(text.slice(start, start + pieceChars));
        for (const room of [5, 40, 200])
          assert.equal(line.preview(room), lastLineOf(text, room), JSON.stringify(text.slice(0, 40)));
      }
    });
});

/** The bytes allocated per event while a live board draws one answer of `text` arriving in pieces of 100. */
async function allocatedPerEvent(text: string): Promise<number> {
  const stream = { isTTY: true, columns: 100, rows: 40, write: () => true } as unknown as NodeJS.WriteStream;
  const style = { colors: picocolors.createColors(true), colored: true, live: true, width: 100 };
  const board = progressBoard(stream, style);
  board.onEvent({ type: "model-started", model: "gemini", role: "primary" });
  const { bytes } = await allocatedBytes(() => {
    for (let start = 0; start < text.length; start += 100)
      board.onEvent({
        type: "model-text",
        model: "gemini",
        stage: "opinion",
        delta: text.slice(start, start + 100),
      });
  });
  board.stop(true);
  return bytes / Math.ceil(text.length / 100);
}

describe("the work of the live board per piece", () => {
  const shapes = {
    words: (size: number) => "lorem ipsum dolor sit amet ".repeat(size / 27 + 1).slice(0, size),
    "one unbroken run": (size: number) => "QUJDREVGR0hJSktMTU5PUA".repeat(size / 22 + 1).slice(0, size),
    "many short lines": (size: number) => "- a\n- bc\n".repeat(size / 9 + 1).slice(0, size),
  };
  for (const [shape, answerOf] of Object.entries(shapes))
    it(`stays the same as an answer of ${shape} grows tenfold`, { timeout: 120_000 }, async () => {
      await allocatedPerEvent(answerOf(10_000)); // compiles what a piece runs through
      const small = await allocatedPerEvent(answerOf(20_000));
      const large = await allocatedPerEvent(answerOf(200_000));
      // A redraw of the board costs the same however long the answer: reading the whole answer at each
      // piece would copy it, 100 KB a piece on average at 200,000 characters.
      assert.ok(
        large < 1.5 * small + 1024,
        `${Math.round(large)} bytes allocated per piece at 200,000 characters, ${Math.round(small)} at 20,000`,
      );
    });
});
