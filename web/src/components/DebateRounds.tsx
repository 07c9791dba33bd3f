// The debate: an expander per round. Round 1 holds the first answers; each later round says who
// changed their position and why, with every model's answer in that round.

import type { DebateRound } from "../api.ts";
import { InlineMarkdown, Markdown } from "./Markdown.tsx";

export function DebateRounds({ rounds }: { rounds: DebateRound[] }) {
  return (
    <section className="rounds" aria-label="Debate rounds">
      <h3>Debate: {rounds.length} rounds</h3>
      {rounds.map((round) => {
        const changed = (round.changes ?? []).filter((change) => change.changedPosition).length;
        return (
          <details key={round.round} open={round.round === rounds.length}>
            <summary>
              Round {round.round}
              <span className="meta">
                {round.round === 1
                  ? " · the first answers"
                  : ` · ${changed} of ${(round.changes ?? []).length} changed their position`}
              </span>
            </summary>
            {(round.changes ?? []).length > 0 && (
              <ul className="changes" aria-label={`Changes in round ${round.round}`}>
                {(round.changes ?? []).map((change) => (
                  <li key={change.model} className={change.changedPosition ? "changed" : "kept"}>
                    <strong>{change.model}</strong>{" "}
                    {change.changedPosition ? "changed its position" : "kept its position"}:{" "}
                    <InlineMarkdown text={change.why} />
                  </li>
                ))}
              </ul>
            )}
            {round.opinions.map((opinion) => (
              <details key={opinion.model} className="round-answer">
                <summary>
                  {opinion.error ? "✗" : "✓"} {opinion.model}'s answer in round {round.round}
                </summary>
                {opinion.error ? (
                  <p className="error">{opinion.response}</p>
                ) : (
                  <Markdown text={opinion.response} />
                )}
              </details>
            ))}
          </details>
        );
      })}
    </section>
  );
}
