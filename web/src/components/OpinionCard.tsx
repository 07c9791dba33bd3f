// One model's opinion: its name, latency, tokens, cost, reasoning tokens and searches, the side it
// argued, what it could not search or read, its answer (sanitised Markdown) and its citations as links.

import type { Opinion, Stance } from "../api.ts";
import { opinionNotes, usageLine } from "../opinion-details.ts";
import { CopyButton } from "./CopyButton.tsx";
import { Markdown } from "./Markdown.tsx";

export function OpinionCard({ opinion, stance }: { opinion: Opinion; stance?: Stance }) {
  const notes = opinionNotes(opinion);
  return (
    <article
      className={opinion.error ? "opinion failed" : "opinion"}
      aria-label={`Opinion of ${opinion.model}`}
    >
      <header>
        <h3>
          {opinion.error ? "✗" : "✓"} {opinion.model}
        </h3>
        <span className="meta">
          {opinion.modelDisplayName} · {usageLine(opinion)}
        </span>
        {stance && <span className={`badge stance ${stance}`}>argued {stance}</span>}
        <CopyButton text={opinion.response} label={`opinion of ${opinion.model}`} />
      </header>
      {notes.length > 0 && (
        <ul className="notes" aria-label={`Notes on ${opinion.model}`}>
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      {opinion.error ? <p className="error">{opinion.response}</p> : <Markdown text={opinion.response} />}
      {opinion.citations.length > 0 && (
        <ul className="sources">
          {opinion.citations.map((citation) => (
            <li key={citation.url}>
              <a href={citation.url} target="_blank" rel="noreferrer noopener">
                {citation.title}
              </a>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
