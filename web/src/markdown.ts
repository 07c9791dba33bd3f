// Model answers are untrusted: Markdown is rendered with marked, and only the elements Markdown
// itself produces survive (paragraphs, headings, emphasis, lists, quotes, code, tables, links), with
// no style, class or event attribute. Images become links, so opening an answer never makes a
// request, and no form, input or positioned overlay from a model reaches the page.

import DOMPurify from "dompurify";
import { Marked } from "marked";

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

/** Safe HTML of `markdown`. */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false }) as string;
  return DOMPurify.sanitize(imagesAsLinks(html), {
    ALLOWED_TAGS: allowedTags,
    ALLOWED_ATTR: allowedAttributes,
    ALLOW_DATA_ATTR: false,
  });
}
