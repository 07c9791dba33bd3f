// A model's Markdown on the page, sanitised (see markdown.ts) before it is set as HTML: an answer as
// blocks, a one-line field (a reason, a point) as inline text.

import { renderInlineMarkdown, renderMarkdown } from "../markdown.ts";

/** Markdown of a model, sanitised. */
export function Markdown({ text, className = "markdown" }: { text: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify in renderMarkdown
  return <div className={className} dangerouslySetInnerHTML={{ __html: renderMarkdown(text) }} />;
}

/** A one-line field a model wrote: its bold, italics, code and links, in a span; nothing of a block. */
export function InlineMarkdown({ text }: { text: string }) {
  const html = { __html: renderInlineMarkdown(text) };
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify in renderInlineMarkdown
  return <span className="inline-markdown" dangerouslySetInnerHTML={html} />;
}
