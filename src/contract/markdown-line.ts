// Model-written text meant for one line (an assessment's reason and points, a verdict's reason, a
// reviewer's reason, why a model changed its position) as the inline Markdown tokens every front end
// renders: bold, italics, code, strikethrough and links stay; block Markdown (headings, lists, quotes,
// code blocks, tables) is flattened to its text, so no `##` is left and no block is made. Raw HTML is
// kept as text, a link that is not http(s) becomes its label, and an image a link to it named by its
// alt text (or its alt text alone). The page (web/src/markdown.ts) and the terminal
// (src/cli/terminal/markdown-line.ts) render these tokens, so a field reads the same on both.

import { Lexer, type Token, type Tokens } from "marked";

/** The addresses a one-line field may link to: http(s) only. */
export const webAddress = /^https?:\/\//i;

/** Whether `href` is a web address a one-line field may link to. */
const isWebAddress = (href: string): boolean => webAddress.test(href.trim());

const text = (value: string): Tokens.Text => ({ type: "text", raw: value, text: value, escaped: false });
const space = text(" ");

/** The inline tokens of `markdown` on one line. */
export function oneLineTokens(markdown: string): Token[] {
  return joined(Lexer.lex(markdown, { gfm: true }).map(blockTokens), space);
}

/** `groups` one after another, `separator` between the groups that are not empty. */
function joined(groups: readonly Token[][], separator: Token): Token[] {
  return groups
    .filter((group) => group.length > 0)
    .flatMap((group, index) => (index > 0 ? [separator, ...group] : group));
}

/** The inline tokens of one block token. */
function blockTokens(token: Token): Token[] {
  switch (token.type) {
    case "heading":
    case "paragraph":
      return inline(token.tokens ?? []);
    case "text":
      return "tokens" in token && token.tokens ? inline(token.tokens) : [text(token.text)];
    case "list":
      return joined(
        (token as Tokens.List).items.map((item) => joined(item.tokens.map(blockTokens), space)),
        text("; "),
      );
    case "blockquote":
      return joined((token.tokens ?? []).map(blockTokens), space);
    case "code":
      return [{ type: "codespan", raw: token.raw, text: String(token.text).replace(/\s*\n\s*/g, " ") }];
    case "table": {
      const table = token as Tokens.Table;
      const cells = [...table.header, ...table.rows.flat()].map((cell) => inline(cell.tokens));
      return joined(cells, space);
    }
    case "html":
      return [text(String(token.text).trim())];
    default:
      // space, hr, def: nothing to read.
      return [];
  }
}

/** `tokens` with raw HTML as text, line breaks as spaces, and links and images to web addresses only. */
function inline(tokens: readonly Token[]): Token[] {
  return tokens.flatMap((token): Token[] => {
    switch (token.type) {
      case "html":
        return [text(token.text)];
      case "br":
        return [space];
      case "link":
        return isWebAddress(token.href)
          ? [{ ...token, tokens: inline(token.tokens ?? []) } as Tokens.Link]
          : inline(token.tokens ?? []);
      case "image": {
        const label = token.text || token.href;
        return isWebAddress(token.href)
          ? [
              {
                type: "link",
                raw: token.raw,
                href: token.href,
                title: null,
                text: label,
                tokens: [text(`image: ${label}`)],
              },
            ]
          : [text(label)];
      }
      case "strong":
      case "em":
      case "del":
        return [{ ...token, tokens: inline(token.tokens ?? []) } as Token];
      case "text":
        // Text after a raw <pre> or <script> is marked already escaped; here it is text like any other.
        return "tokens" in token && token.tokens ? inline(token.tokens) : [text(token.text)];
      default:
        return [token];
    }
  });
}
