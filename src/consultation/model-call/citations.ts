// Normalises the sources each provider returns (Perplexity search results, Gemini grounding,
// OpenAI and xAI web search annotations) into {title, url} citations, deduplicated by URL.

import type { Citation } from "../../contract/opinions.ts";

/** The part of an AI SDK source this module reads. */
interface SourceLike {
  sourceType?: string;
  url?: string;
  title?: string;
}

/** Citations from AI SDK sources: only absolute http(s) URLs, first title wins, no duplicates. */
export function citationsFromSources(sources: readonly SourceLike[] | undefined): Citation[] {
  const citations: Citation[] = [];
  for (const source of sources ?? []) {
    if (source.sourceType !== undefined && source.sourceType !== "url") continue;
    const url = normaliseUrl(source.url);
    if (!url) continue;
    const title = source.title?.trim() || new URL(url).hostname;
    citations.push({ title, url });
  }
  return deduplicateCitations(citations);
}

/** Keeps the first citation of each URL (ignoring a trailing slash and the fragment). */
export function deduplicateCitations(citations: readonly Citation[]): Citation[] {
  const seen = new Set<string>();
  const unique: Citation[] = [];
  for (const citation of citations) {
    const key = citation.url.replace(/#.*$/, "").replace(/\/$/, "");
    if (seen.has(key)) continue;
    seen.add(key);
    unique.push(citation);
  }
  return unique;
}

function normaliseUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}
