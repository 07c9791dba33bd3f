// Markdown rendered for a terminal with marked and marked-terminal: headings, lists, emphasis and
// code blocks drawn with colour and indentation. Without colour the same layout, unstyled.

import { Marked } from "marked";
import { markedTerminal } from "marked-terminal";
import type { TerminalStyle } from "./terminal-style.ts";

const plainStyles = Object.fromEntries(
  [
    "code",
    "blockquote",
    "html",
    "heading",
    "firstHeading",
    "hr",
    "listitem",
    "table",
    "paragraph",
    "strong",
    "em",
    "codespan",
    "del",
    "link",
    "href",
  ].map((name) => [name, (text: string) => text]),
);

/** A renderer of Markdown for `style`'s terminal. */
export function markdownRenderer(style: TerminalStyle): (markdown: string) => string {
  const marked = new Marked(
    markedTerminal({
      width: style.width,
      reflowText: true,
      tab: 2,
      ...(style.colored ? {} : plainStyles),
    }),
  );
  return (markdown) => (marked.parse(markdown, { async: false }) as string).replace(/\n+$/, "\n");
}
