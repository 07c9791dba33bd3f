// Markdown rendered for a terminal from marked's tokens: headings without their `#`, paragraphs
// reflowed to the terminal's width, lists (nested, numbered, tasks) whose items keep their bold and
// italics, quotes, code blocks, rules and tables. With colour, bold is bold and italics italic; without
// it, the same layout in plain text with no Markdown marks left. (marked-terminal left `**` in list
// items and `##` on headings with marked 16.)

import { Lexer, type Token, type Tokens } from "marked";
import stringWidth from "string-width";
import { type Colors, inlineRuns, paintedLine, plainText, type Run, wrapRuns } from "./markdown-inline.ts";
import type { TerminalStyle } from "./terminal-style.ts";

/** A renderer of Markdown for `style`'s terminal; what it returns ends with one line break. */
export function markdownRenderer(style: TerminalStyle): (markdown: string) => string {
  return (markdown) => {
    const lines = blocks(Lexer.lex(markdown, { gfm: true }), style.colors, style.width);
    return `${lines.join("\n").replace(/\s+$/, "")}\n`;
  };
}

/** The lines of block `tokens` `width` columns wide, a blank line between blocks. */
function blocks(tokens: readonly Token[], colors: Colors, width: number, tight = false): string[] {
  const out: string[] = [];
  for (const token of tokens) {
    const lines = block(token, colors, width);
    if (lines.length === 0) continue;
    if (out.length > 0 && !tight) out.push("");
    out.push(...lines);
  }
  return out;
}

function block(token: Token, colors: Colors, width: number): string[] {
  const runs = (tokens: Token[] | undefined, paint?: (text: string) => string) =>
    inlineRuns(tokens ?? [], colors, paint);
  switch (token.type) {
    case "heading": {
      const paint = token.depth === 1 ? (text: string) => colors.bold(colors.underline(text)) : colors.bold;
      return wrapRuns(runs(token.tokens, paint), width);
    }
    case "paragraph":
      return wrapRuns(runs(token.tokens), width);
    case "text":
      return wrapRuns("tokens" in token && token.tokens ? runs(token.tokens) : [plain(token.text)], width);
    case "list":
      return list(token as Tokens.List, colors, width);
    case "blockquote": {
      const bar = colors.dim("│ ");
      return blocks(token.tokens ?? [], colors, width - 2).map((line) => `${bar}${line}`);
    }
    case "code":
      return String(token.text)
        .split("\n")
        .map((line) => `    ${colors.yellow(line)}`.trimEnd());
    case "hr":
      return [colors.dim("─".repeat(Math.min(width, 40)))];
    case "table":
      return table(token as Tokens.Table, colors);
    case "html":
      return String(token.text).trim() ? String(token.text).trimEnd().split("\n") : [];
    default:
      // space, def, and anything newer with no text of its own.
      return "text" in token && typeof token.text === "string" && token.text.trim()
        ? wrapRuns([plain(token.text)], width)
        : [];
  }
}

const plain = (text: string): Run => ({ text, paint: (same) => same });

/** A list: "•" or numbers (and [x] for tasks), each item's lines indented under its marker. */
function list(token: Tokens.List, colors: Colors, width: number): string[] {
  const start = typeof token.start === "number" ? token.start : 1;
  const markers = token.items.map((_, index) => (token.ordered ? `${start + index}.` : "•"));
  const markerWidth = Math.max(...markers.map((marker) => marker.length)) + 1;
  const out: string[] = [];
  token.items.forEach((item, index) => {
    if (index > 0 && token.loose) out.push("");
    const task = item.task ? `[${item.checked ? "x" : " "}] ` : "";
    const lines = blocks(item.tokens, colors, width - markerWidth, !token.loose);
    const marker = (markers[index] ?? "").padEnd(markerWidth);
    lines.forEach((line, at) => {
      out.push(at === 0 ? `${colors.dim(marker)}${task}${line}` : `${" ".repeat(markerWidth)}${line}`);
    });
    if (lines.length === 0) out.push(`${colors.dim(marker)}${task}`.trimEnd());
  });
  return out;
}

/** A table: columns padded to their widest cell, the header bold and ruled off. */
function table(token: Tokens.Table, colors: Colors): string[] {
  const cell = (tokens: Token[]) => {
    const runs = inlineRuns(tokens, colors);
    return { painted: paintedLine(runs), width: stringWidth(plainText(runs).replace(/\s*\n\s*/g, " ")) };
  };
  const header = token.header.map((head) => cell(head.tokens));
  const rows = token.rows.map((row) => row.map((entry) => cell(entry.tokens)));
  const widths = header.map((head, column) =>
    Math.max(head.width, ...rows.map((row) => row[column]?.width ?? 0)),
  );
  const line = (cells: typeof header, paint = (text: string) => text) =>
    cells
      .map((entry, column) => {
        const pad = " ".repeat(Math.max(0, (widths[column] ?? 0) - entry.width));
        return token.align[column] === "right"
          ? `${pad}${paint(entry.painted)}`
          : `${paint(entry.painted)}${pad}`;
      })
      .join(colors.dim(" │ "))
      .trimEnd();
  const rule = colors.dim(widths.map((columnWidth) => "─".repeat(columnWidth)).join("─┼─"));
  return [line(header, colors.bold), rule, ...rows.map((row) => line(row))];
}
