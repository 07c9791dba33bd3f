// A model's Markdown on the page, sanitised (see markdown.ts) before it is set as HTML.

import { renderMarkdown } from "../markdown.ts";

/** Markdown of a model, sanitised. */
export function Markdown({ text, className = "markdown" }: { text: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify in renderMarkdown
  return <div className={className} dangerouslySetInnerHTML={{ __html: renderMarkdown(text) }} />;
}
