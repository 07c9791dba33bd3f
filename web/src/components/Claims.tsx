// The answer's claims as a compact table beside the assessment (each claim, the models stating it, those
// contradicting it, its sources; a claim one model alone states, or one contradicted, marked), and the
// line that says how many independent votes the panel is worth and from what evidence.

import * as contract from "../api.ts";
import { InlineMarkdown } from "./Markdown.tsx";

/** "4 models ≈ 2.1 independent votes (from 3 eval runs)". */
export function IndependentVotes({ votes }: { votes: contract.IndependentVotes }) {
  return <p className="meta independent-votes">{contract.describeIndependentVotes(votes)}</p>;
}

export function ClaimsTable({ claims }: { claims: readonly contract.Claim[] }) {
  if (claims.length === 0) return null;
  return (
    <table className="claims" aria-label="Claims">
      <thead>
        <tr>
          <th scope="col">Claim</th>
          <th scope="col">Stated by</th>
          <th scope="col">Contradicted by</th>
          <th scope="col">Sources</th>
        </tr>
      </thead>
      <tbody>
        {claims.map((claim, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a model may repeat a claim; the table never reorders
          <tr key={index} className={claim.marks.length > 0 ? "marked" : undefined}>
            <td>
              <InlineMarkdown text={claim.claim} />
              {claim.marks.length > 0 && <span className="badge unsure"> {claim.marks.join(", ")}</span>}
            </td>
            <td>{claim.backers.join(", ")}</td>
            <td>{claim.contradictors.join(", ")}</td>
            <td>
              {claim.citations.map((citation) => (
                <a key={citation.url} href={citation.url} target="_blank" rel="noreferrer noopener">
                  {citation.title || citation.url}{" "}
                </a>
              ))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
