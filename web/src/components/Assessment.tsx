// The synthesis model's assessment beside its text: how far the models agree (a meter with the
// reason, and weighted by model family), what they all share, where they differ and who holds each point, and for a decision the
// verdict as a badge with each model's vote.

import { useId } from "react";
import type * as contract from "../api.ts";
import { verdictNotes } from "../api.ts";
import { ClaimsTable, IndependentVotes } from "./Claims.tsx";
import { InlineMarkdown } from "./Markdown.tsx";

const voteNames: Record<contract.Vote, string> = { go: "GO", block: "BLOCK", unsure: "UNSURE" };

/** A vote as a coloured badge that says it in words too. */
export function VoteBadge({ vote }: { vote: contract.Vote }) {
  return <span className={`badge ${vote}`}>{voteNames[vote] ?? vote}</span>;
}

export function Assessment({ assessment }: { assessment: contract.Assessment }) {
  const { agreement, consensus, dissent, verdict } = assessment;
  const percent = Math.round(agreement.score * 100);
  const meter = useId();
  return (
    <section className="assessment" aria-label="Assessment">
      <div className="agreement">
        <label htmlFor={meter}>Agreement {percent}%</label>
        <meter id={meter} min={0} max={1} low={0.4} high={0.75} optimum={1} value={agreement.score}>
          {percent}%
        </meter>
        <span className="meta">
          <InlineMarkdown text={agreement.reason} />
        </span>
      </div>
      {assessment.familyAgreement && (
        <p className="meta family-agreement">
          By family {Math.round(assessment.familyAgreement.score * 100)}%: each model family counts as one
          voice
          {assessment.familyAgreement.families
            .filter((family) => family.models.length > 1)
            .map((family) => ` (${family.models.join(", ")}: ${family.family})`)
            .join("")}
        </p>
      )}
      {assessment.independentVotes && <IndependentVotes votes={assessment.independentVotes} />}
      <ClaimsTable claims={assessment.claims ?? []} />
      {verdict && (
        <section className="verdict" aria-label="Verdict">
          <p>
            Verdict: <VoteBadge vote={verdict.decision} /> <InlineMarkdown text={verdict.reason} />
            <span className="meta">{verdictNotes(assessment)}</span>
          </p>
          {verdict.votes.length > 0 && (
            <ul className="votes" aria-label="Votes">
              {verdict.votes.map((entry, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a model may name a voter twice; the list never reorders
                <li key={index}>
                  {entry.model} <VoteBadge vote={entry.vote} />
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {consensus.length > 0 && (
        <>
          <h3>Consensus</h3>
          <ul aria-label="Consensus">
            {consensus.map((point, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a model may repeat a point; the list never reorders
              <li key={index}>
                <InlineMarkdown text={point} />
              </li>
            ))}
          </ul>
        </>
      )}
      {dissent.length > 0 && (
        <>
          <h3>Dissent</h3>
          <ul aria-label="Dissent">
            {dissent.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a model may repeat a point; the list never reorders
              <li key={index}>
                <InlineMarkdown text={item.point} />
                {item.models.length > 0 && <span className="meta"> ({item.models.join(", ")})</span>}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
