// The live progress board as a person sees it: every byte it writes goes into a headless terminal
// emulator (@xterm/headless), and the screen it leaves is read back. A model whose answer preview goes
// away while the others run keeps one line, lines wider than the terminal leave no wrapped rows behind,
// a board taller than the screen stays on it, and with NO_COLOR no terminal gets a live board at all.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import xterm from "@xterm/headless";
import picocolors from "picocolors";
import { progressBoard } from "../../../src/cli/terminal/progress-board.ts";
import { type TerminalStyle, terminalStyle } from "../../../src/cli/terminal/terminal-style.ts";

const live: TerminalStyle = { colors: picocolors.createColors(true), colored: true, live: true, width: 60 };

/** A terminal `columns` by `rows` that records what is written to it, and the screen it shows. */
function fakeTerminal(columns: number, rows: number) {
  let written = "";
  const stream = {
    isTTY: true,
    columns,
    rows,
    write: (text: string) => {
      written += text;
      return true;
    },
  } as unknown as NodeJS.WriteStream;
  return {
    stream,
    /** The screen's non-blank lines, scrollback included, once everything written is shown. */
    async screen(): Promise<string[]> {
      // A terminal's line discipline turns "\n" into "\r\n" (onlcr); convertEol does the same.
      const terminal = new xterm.Terminal({ cols: columns, rows, convertEol: true, allowProposedApi: true });
      await new Promise<void>((resolve) => terminal.write(written, resolve));
      const lines: string[] = [];
      const buffer = terminal.buffer.active;
      for (let index = 0; index < buffer.length; index += 1) {
        const line = buffer.getLine(index)?.translateToString(true) ?? "";
        if (line.trim()) lines.push(line);
      }
      terminal.dispose();
      return lines;
    },
  };
}

const finished = { latencyMs: 3100, tokensUsed: 40, cost: 0.0002, error: false } as const;

describe("the live progress board on a terminal", () => {
  it("keeps one line per model when a preview beneath a model in the middle goes away", async () => {
    const terminal = fakeTerminal(80, 24);
    const board = progressBoard(terminal.stream, live);
    assert.equal(board.live, true);
    for (const [model, role] of [
      ["gpt", "primary"],
      ["claude", "secondary"],
      ["gemini", "secondary"],
    ] as const)
      board.onEvent({ type: "model-started", model, role });
    board.onEvent({ type: "model-text", model: "gpt", stage: "opinion", delta: "GPT is writing" });
    board.onEvent({ type: "model-text", model: "claude", stage: "opinion", delta: "Claude is writing" });
    board.onEvent({ type: "model-finished", model: "gpt", role: "primary", ...finished });
    board.onEvent({ type: "model-finished", model: "claude", role: "secondary", ...finished });
    board.onEvent({ type: "model-retrying", model: "gemini", attempt: 1, delayMs: 10, reason: "HTTP 429" });
    const running = await terminal.screen();
    assert.equal(running.length, 3, running.join("\n"));
    assert.match(running[0] ?? "", /^✓ gpt \(primary\) 3\.1 s/);
    assert.match(running[1] ?? "", /^✓ claude \(secondary\) 3\.1 s/);
    assert.match(running[2] ?? "", /^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] gemini \(retry 1: HTTP 429\) \d+\.\d s$/u);
    board.onEvent({ type: "model-finished", model: "gemini", role: "secondary", ...finished });
    board.stop(true);
    const final = await terminal.screen();
    assert.deepEqual(
      final.map((line) => line.split(" ").slice(0, 2).join(" ")),
      ["✓ gpt", "✓ claude", "✓ gemini"],
      final.join("\n"),
    );
  });

  it("erases every row of a line wider than the terminal when it is redrawn", async () => {
    const terminal = fakeTerminal(40, 24);
    const board = progressBoard(terminal.stream, live);
    board.onEvent({ type: "model-started", model: "alpha", role: "primary" });
    board.onEvent({ type: "model-started", model: "beta", role: "secondary" });
    board.onEvent({
      type: "model-retrying",
      model: "alpha",
      attempt: 2,
      delayMs: 10,
      reason: "the provider is overloaded and asked for a pause before the next try",
    });
    board.onEvent({ type: "model-retrying", model: "alpha", attempt: 3, delayMs: 10, reason: "HTTP 429" });
    const screen = await terminal.screen();
    assert.equal(screen.length, 2, screen.join("\n"));
    assert.match(screen[0] ?? "", /^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] alpha \(retry 3: HTTP 429\) \d+\.\d s$/u);
    assert.match(screen[1] ?? "", /^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] beta \(secondary\) \d+\.\d s$/u);
    board.stop();
  });

  it("draws no more rows than the screen has while it runs, and every line when it stops", async () => {
    const terminal = fakeTerminal(60, 5);
    const board = progressBoard(terminal.stream, live);
    const models = ["m1", "m2", "m3", "m4", "m5", "m6"];
    for (const model of models) board.onEvent({ type: "model-started", model, role: "secondary" });
    board.onEvent({ type: "model-finished", model: "m6", role: "secondary", ...finished });
    const running = await terminal.screen();
    assert.equal(running.length, 4, running.join("\n"));
    for (const model of models.slice(0, 5))
      board.onEvent({ type: "model-finished", model, role: "secondary", ...finished });
    board.stop(true);
    const final = await terminal.screen();
    assert.deepEqual(
      final.map((line) => line.split(" ")[1]),
      models,
      final.join("\n"),
    );
  });

  it("is not live with NO_COLOR or TERM=dumb, even on a terminal", () => {
    const stream = { isTTY: true, columns: 100, rows: 40 } as unknown as NodeJS.WriteStream;
    assert.equal(terminalStyle(stream, {}).live, true);
    assert.equal(terminalStyle(stream, { NO_COLOR: "1" }).live, false);
    assert.equal(terminalStyle(stream, { TERM: "dumb" }).live, false);
  });
});
