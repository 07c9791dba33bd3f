// What the page says about one model's call beside its answer: latency, tokens, cost, reasoning tokens
// and web searches on one line, and what the model could not do that was asked (search the web, read an
// attached file), each as a sentence. All of it is shown as text, never as HTML.

import type { ModelCall } from "./api.ts";

/** "1.2 s · 900 tokens · $0.0028 · 72 reasoning tokens (high) · 1 web search", leaving out what is unknown. */
export function usageLine(opinion: ModelCall): string {
  const parts = [`${(opinion.latencyMs / 1000).toFixed(1)} s`];
  if (opinion.tokensUsed !== undefined) parts.push(`${opinion.tokensUsed} tokens`);
  if (opinion.billing) parts.push(`paid by ${opinion.billing}`);
  else if (opinion.cost !== undefined) parts.push(`$${opinion.cost.toFixed(4)}`);
  if (opinion.reasoningTokens !== undefined) {
    parts.push(
      `${opinion.reasoningTokens} reasoning tokens${opinion.reasoning ? ` (${opinion.reasoning})` : ""}`,
    );
  } else if (opinion.reasoning) parts.push(`reasoning ${opinion.reasoning}`);
  if (opinion.webSearches)
    parts.push(`${opinion.webSearches} web ${opinion.webSearches === 1 ? "search" : "searches"}`);
  return parts.join(" · ");
}

/** "Could not search: …" and "Did not see FILE: …" for what the model was asked and could not do. */
export function opinionNotes(opinion: ModelCall): string[] {
  const notes: string[] = [];
  if (opinion.webSearch && !opinion.webSearch.searched)
    notes.push(`Could not search: ${opinion.webSearch.note ?? "the model did not search the web."}`);
  for (const unseen of opinion.unseenAttachments ?? [])
    notes.push(`Did not see ${unseen.name}: ${unseen.reason}`);
  return notes;
}
