// The inline part of Markdown for a terminal: marked's inline tokens (bold, italics, code, links,
// strikethrough, line breaks) turned into runs of text with their style, and runs wrapped into lines
// of a given width, each word painted in its style (so a wrapped line never carries an open escape).
// Without colour the paints are identities and the text comes out plain: no `**`, no `_`.

import type { Token } from "marked";
import type picocolors from "picocolors";
import stringWidth from "string-width";

/** Colours, or identities when colour is off. */
export type Colors = ReturnType<typeof picocolors.createColors>;

/** A run of text in one style; "\n" in `text` is a hard line break. */
export interface Run {
  text: string;
  paint: (text: string) => string;
}

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " " };
const decode = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => entities[name] ?? "");

/** The runs of `tokens`, painted over `paint`. */
export function inlineRuns(tokens: readonly Token[], colors: Colors, paint = (text: string) => text): Run[] {
  const over = (outer: (text: string) => string) => (text: string) => paint(outer(text));
  return tokens.flatMap((token): Run[] => {
    switch (token.type) {
      case "strong":
        return inlineRuns(token.tokens ?? [], colors, over(colors.bold));
      case "em":
        return inlineRuns(token.tokens ?? [], colors, over(colors.italic));
      case "del":
        return inlineRuns(token.tokens ?? [], colors, over(colors.strikethrough));
      case "codespan":
        return [{ text: decode(token.text), paint: over(colors.yellow) }];
      case "br":
        return [{ text: "\n", paint }];
      case "link": {
        const label = inlineRuns(
          token.tokens ?? [],
          colors,
          over((text) => colors.underline(colors.blue(text))),
        );
        const labelText = label.map((run) => run.text).join("");
        return labelText === token.href || `mailto:${labelText}` === token.href
          ? label
          : [...label, { text: ` (${token.href})`, paint: over(colors.dim) }];
      }
      case "image":
        return [{ text: `[image: ${token.text || token.href}]`, paint: over(colors.dim) }];
      case "text":
        return "tokens" in token && token.tokens
          ? inlineRuns(token.tokens, colors, paint)
          : [{ text: decode(token.text), paint }];
      default:
        // escape, html, and anything newer: its text as written.
        return [{ text: decode("text" in token ? String(token.text) : token.raw), paint }];
    }
  });
}

/** The runs' text on one line, painted (for table cells and headings). */
export function paintedLine(runs: readonly Run[]): string {
  return runs.map((run) => run.paint(run.text.replace(/\s*\n\s*/g, " "))).join("");
}

/** The plain text of `runs`. */
export const plainText = (runs: readonly Run[]) => runs.map((run) => run.text).join("");

/**
 * `runs` wrapped to `width` columns: the first line starts with `first`, the others with `rest` (both
 * already painted, counted by their visible width). A word wider than a line gets a line of its own.
 */
export function wrapRuns(runs: readonly Run[], width: number, first = "", rest = first): string[] {
  const lines: string[] = [];
  let prefix = first;
  let line = "";
  let used = 0;
  // Text in one paint is painted at once, so a styled phrase opens and closes its escape once.
  let segment = "";
  let segmentPaint: Run["paint"] = (text) => text;
  let pendingSpace: Run["paint"] | undefined;
  const room = () => Math.max(10, width - stringWidth(prefix));
  const add = (text: string, paint: Run["paint"]) => {
    if (paint !== segmentPaint) flush();
    segmentPaint = paint;
    segment += text;
  };
  const flush = () => {
    if (segment) line += segmentPaint(segment);
    segment = "";
  };
  const breakLine = () => {
    flush();
    lines.push(`${prefix}${line}`.trimEnd());
    prefix = rest;
    line = "";
    used = 0;
    pendingSpace = undefined;
  };
  for (const run of runs) {
    for (const part of run.text.split(/(\n|[ \t]+)/)) {
      if (part === "") continue;
      if (part === "\n") breakLine();
      else if (/^[ \t]+$/.test(part)) pendingSpace = used > 0 ? run.paint : undefined;
      else {
        const wide = stringWidth(part);
        const space = pendingSpace ? 1 : 0;
        if (used > 0 && used + space + wide > room()) breakLine();
        else if (pendingSpace) {
          add(" ", pendingSpace);
          used += 1;
        }
        add(part, run.paint);
        used += wide;
        pendingSpace = undefined;
      }
    }
  }
  flush();
  if (line || lines.length === 0) lines.push(`${prefix}${line}`.trimEnd());
  return lines;
}
