// Markdown as the terminal shows an answer: headings without `#`, bold and italics inside list items
// (where marked-terminal left `**`) as ANSI bold and italics with colour and as plain words without,
// nested and numbered lists, code kept as written, tables in columns, and paragraphs reflowed.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import picocolors from "picocolors";
import { markdownRenderer } from "../../../src/cli/terminal/render-markdown.ts";
import type { TerminalStyle } from "../../../src/cli/terminal/terminal-style.ts";

const style = (colored: boolean, width = 80): TerminalStyle => ({
  colors: picocolors.createColors(colored),
  colored,
  live: false,
  width,
});

const answer = [
  "## Which queue",
  "",
  "Use **SQLite** for *one* node.",
  "",
  "- **Durable** writes",
  "- *Simple* to run",
  "  1. a nested `step` with **weight**",
  "",
  "```sql",
  "select **x** from t;",
  "```",
  "",
  "| option | **cost** |",
  "|---|---:|",
  "| SQLite | 0 |",
].join("\n");

// biome-ignore lint/suspicious/noControlCharactersInRegex: escape sequences are what is removed
const withoutEscapes = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, "");

describe("Markdown on the terminal", () => {
  it("renders headings and emphasis in list items as plain text when colour is off", () => {
    const text = markdownRenderer(style(false))(answer);
    assert.ok(!text.includes("\x1b"), JSON.stringify(text));
    assert.equal(
      text,
      [
        "Which queue",
        "",
        "Use SQLite for one node.",
        "",
        "• Durable writes",
        "• Simple to run",
        "  1. a nested step with weight",
        "",
        "    select **x** from t;",
        "",
        "option │ cost",
        "───────┼─────",
        "SQLite │    0",
        "",
      ].join("\n"),
    );
  });

  it("draws bold as ANSI bold and italics as italics, in list items too, when colour is on", () => {
    const text = markdownRenderer(style(true))(answer);
    const bold = (word: string) => new RegExp(`\\x1b\\[1m${word}\\x1b\\[22m`);
    const italic = (word: string) => new RegExp(`\\x1b\\[3m${word}\\x1b\\[23m`);
    assert.match(text, bold("Which queue"));
    assert.match(text, bold("SQLite"));
    assert.match(text, bold("Durable"));
    assert.match(text, italic("Simple"));
    assert.match(text, bold("weight"));
    const shown = withoutEscapes(text);
    assert.doesNotMatch(shown.replace("select **x** from t;", ""), /\*\*|##|(^|\s)\*\w/);
    assert.match(shown, /^• Durable writes$/m);
    assert.match(shown, /^ {2}1\. a nested step with weight$/m);
  });

  it("reflows a long paragraph to the terminal's width, list items under their marker", () => {
    const words = "word ".repeat(30).trim();
    const text = markdownRenderer(style(false, 40))(`${words}\n\n- ${words}`);
    const lines = text.trimEnd().split("\n");
    assert.ok(
      lines.every((line) => line.length <= 40),
      text,
    );
    assert.match(text, /^• word word/m);
    assert.match(text, /^ {2}word word/m);
  });
});
