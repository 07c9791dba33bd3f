// Model answers are untrusted: Markdown is rendered with marked and sanitised with DOMPurify before
// it reaches the page.

import DOMPurify from "dompurify";
import { Marked } from "marked";

const marked = new Marked({ gfm: true, breaks: false });

/** Safe HTML of `markdown`. */
export function renderMarkdown(markdown: string): string {
  return DOMPurify.sanitize(marked.parse(markdown, { async: false }) as string);
}
