// Model answers are untrusted: Markdown is rendered with marked, and only the elements Markdown
// itself produces survive (paragraphs, headings, emphasis, lists, quotes, code, tables, links), with
// no style, class or event attribute. Images become links, so opening an answer never makes a
// request, and no form, input or positioned overlay from a model reaches the page. A one-line field a
// model wrote (an assessment's reason, a point, a reviewer's reason) keeps only its inline Markdown
// (bold, italics, code, strikethrough, http(s) links), through the same sanitiser.

import DOMPurify from "dompurify";
import { Marked, Parser } from "marked";
import { oneLineTokens, webAddress } from "../../src/contract/markdown-line.ts";

const marked = new Marked({ gfm: true, breaks: false });

const allowedTags = [
  "p",
  "br",
  "hr",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "strong",
  "em",
  "del",
  "code",
  "pre",
  "blockquote",
  "ul",
  "ol",
  "li",
  "a",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
];
const allowedAttributes = ["href", "title", "start", "align"];

/** `html` with every image replaced by a link to it, named by its alt text. Parsing loads nothing. */
function imagesAsLinks(html: string): string {
  const document = new DOMParser().parseFromString(html, "text/html");
  for (const image of [...document.querySelectorAll("img")]) {
    const link = document.createElement("a");
    const source = image.getAttribute("src") ?? "";
    link.setAttribute("href", source);
    link.textContent = `image: ${image.getAttribute("alt") || source || "untitled"}`;
    image.replaceWith(link);
  }
  return document.body.innerHTML;
}

/** `html` with only `tags` and `attributes`, and links only to `addresses` when given. */
function sanitize(html: string, tags: string[], attributes: string[], addresses?: RegExp): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: tags,
    ALLOWED_ATTR: attributes,
    ALLOW_DATA_ATTR: false,
    ...(addresses ? { ALLOWED_URI_REGEXP: addresses } : {}),
  });
}

/** Safe HTML of `markdown`. */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false }) as string;
  return sanitize(imagesAsLinks(html), allowedTags, allowedAttributes);
}

const inlineTags = ["strong", "em", "del", "code", "a"];

/**
 * Safe HTML of a one-line field: its inline Markdown, block Markdown flattened to text (no heading,
 * list or paragraph is made), raw HTML shown as text, links to http(s) addresses only.
 */
export function renderInlineMarkdown(markdown: string): string {
  const html = Parser.parseInline(oneLineTokens(markdown));
  return sanitize(html, inlineTags, ["href", "title"], webAddress);
}
