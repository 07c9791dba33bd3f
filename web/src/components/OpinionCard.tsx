// One model's opinion: its name, latency, tokens, cost, reasoning tokens and searches, the side it
// argued, what it could not search or read, its answer (sanitised Markdown) and its citations as links.
// The calling agent's own answer (hostAnswer) is marked as the host's, with no usage to show.
// A model still answering when the answer was given holds its place with a spinner until its opinion
// lands (then marked as landed after the synthesis), or says that it never will.

import type { ModelOpinion, Stance } from "../api.ts";
import { opinionNotes, usageLine } from "../opinion-details.ts";
import { CopyButton } from "./CopyButton.tsx";
import { Markdown } from "./Markdown.tsx";

export function OpinionCard({
  opinion,
  stance,
  unlanded = false,
}: {
  opinion: ModelOpinion;
  stance?: Stance | undefined;
  /** The opinion is pending and will never land (its call ended elsewhere). */
  unlanded?: boolean;
}) {
  if (opinion.pending) return <PendingCard opinion={opinion} unlanded={unlanded} />;
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
          {opinion.modelDisplayName} · {opinion.host ? "no provider call, no cost" : usageLine(opinion)}
        </span>
        {opinion.host && (
          <span className="badge host" title="Written by the agent that asked, before it saw the others">
            the host's own answer
          </span>
        )}
        {opinion.late && <span className="badge late">landed after the synthesis</span>}
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

/** The place of a model still answering when the answer was given. */
function PendingCard({ opinion, unlanded }: { opinion: ModelOpinion; unlanded: boolean }) {
  return (
    <article
      className={unlanded ? "opinion failed" : "opinion pending"}
      aria-label={`Opinion of ${opinion.model}`}
      aria-busy={!unlanded}
    >
      <header>
        <h3>
          {unlanded ? "✗" : <span className="spinner" aria-hidden="true" />} {opinion.model}
        </h3>
        <span className="meta">{opinion.modelDisplayName}</span>
      </header>
      <p className="note" role="status">
        {unlanded
          ? "Its opinion did not come: it could not be added to this answer."
          : "Still answering: its opinion appears here when it lands."}
      </p>
    </article>
  );
}
