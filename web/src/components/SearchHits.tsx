// The conversations matching a search, each with its snippet, the matching words marked.

import type { SearchHit } from "../api.ts";

/** A snippet cut into plain and **marked** pieces, each with its offset as a stable key. */
function pieces(snippet: string): { text: string; marked: boolean; at: number }[] {
  let at = 0;
  return snippet.split(/(\*\*[^*]+\*\*)/).map((part) => {
    const piece = {
      text: part.startsWith("**") ? part.slice(2, -2) : part,
      marked: part.startsWith("**"),
      at,
    };
    at += part.length;
    return piece;
  });
}

/** The hits, best first; `onChoose` opens one. */
export function SearchHits({ hits, onChoose }: { hits: SearchHit[]; onChoose: (id: string) => void }) {
  return (
    <ul className="hits" aria-label="Search results">
      {hits.length === 0 && <li className="meta">No conversation matches.</li>}
      {hits.map((hit) => (
        <li key={hit.conversationId}>
          <button type="button" className="link" onClick={() => onChoose(hit.conversationId)}>
            {hit.title ?? "(untitled)"}
          </button>
          <p className="snippet">
            {pieces(hit.snippet).map((piece) =>
              piece.marked ? (
                <mark key={piece.at}>{piece.text}</mark>
              ) : (
                <span key={piece.at}>{piece.text}</span>
              ),
            )}
          </p>
        </li>
      ))}
    </ul>
  );
}
