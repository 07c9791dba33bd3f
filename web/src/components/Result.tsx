// One consultation's answer: the synthesis first with its assessment (or why there is none), for an
// adaptive consultation the path it took, the council's review and debate rounds, the opinions beside
// it (see OpinionCard), the charts, and copy buttons. When the answer was given with models still
// answering, it says whom the synthesis did not hear from, and their places fill in as their opinions
// land (App follows them).

import { type Answer, describeAdaptivePath } from "../api.ts";
import { usageLine } from "../opinion-details.ts";
import { Assessment } from "./Assessment.tsx";
import { CostChart, LatencyChart } from "./Charts.tsx";
import { CopyButton } from "./CopyButton.tsx";
import { DebateRounds } from "./DebateRounds.tsx";
import { Markdown } from "./Markdown.tsx";
import { OpinionCard } from "./OpinionCard.tsx";
import { ReviewRanking } from "./ReviewRanking.tsx";

export function Result({
  result,
  unlanded = [],
}: {
  result: Answer;
  /** Pending models whose opinion will never land. */
  unlanded?: string[];
}) {
  const opinions = [result.primary, ...result.secondaryOpinions];
  const { synthesis, summary } = result;
  const answered = opinions.filter((opinion) => !opinion.pending);
  const calls = synthesis ? [...answered, synthesis] : answered;
  const pending = (result.pendingModels ?? []).filter((model) => !unlanded.includes(model));
  return (
    <section className="result" aria-label="Answer">
      <div className="synthesis">
        {synthesis && !synthesis.error ? (
          <article aria-label="Synthesis">
            <header>
              <h2>Synthesis</h2>
              <span className="meta">
                by {synthesis.model} · {usageLine(synthesis)}
              </span>
              <CopyButton text={synthesis.response} label="synthesis" />
            </header>
            {(synthesis.fallbackFrom ?? []).length > 0 && (
              <p className="meta">
                Written after{" "}
                {(synthesis.fallbackFrom ?? [])
                  .map((failure) => `${failure.model} (${failure.error})`)
                  .join(", ")}{" "}
                failed.
              </p>
            )}
            <Markdown text={synthesis.response} />
            {synthesis.assessment ? (
              <Assessment assessment={synthesis.assessment} />
            ) : (
              synthesis.assessmentError && <p className="note">No assessment: {synthesis.assessmentError}</p>
            )}
            {(synthesis.sources ?? []).length > 0 && (
              <section className="sources" aria-label="Sources">
                <h3>Sources</h3>
                <ol>
                  {(synthesis.sources ?? []).map((source) => (
                    <li key={source.url}>
                      <a href={source.url} target="_blank" rel="noreferrer noopener">
                        {source.title}
                      </a>
                    </li>
                  ))}
                </ol>
              </section>
            )}
          </article>
        ) : synthesis?.error ? (
          <div className="warning" role="status">
            <p>
              No synthesis could be written
              {synthesis.fallbackAnswerFrom
                ? `; the answer kept is ${synthesis.fallbackAnswerFrom}'s (beside).`
                : "."}
            </p>
            {(synthesis.fallbackFrom ?? []).length > 0 ? (
              <ul>
                {(synthesis.fallbackFrom ?? []).map((failure) => (
                  <li key={failure.model}>
                    {failure.model}: {failure.error}
                  </li>
                ))}
              </ul>
            ) : (
              <p>{synthesis.response}</p>
            )}
          </div>
        ) : null}
        {result.adaptive && <p className="note adaptive">{describeAdaptivePath(result.adaptive)}</p>}
        {result.review && <ReviewRanking review={result.review} />}
        {result.rounds && result.rounds.length > 1 && <DebateRounds rounds={result.rounds} />}
        <p className="totals">
          {summary.successfulModels} of {summary.totalModels} models answered ·{" "}
          {(summary.totalLatencyMs / 1000).toFixed(1)} s
          {summary.totalTokens !== undefined && ` · ${summary.totalTokens} tokens`}
          {summary.totalCost !== undefined && ` · $${summary.totalCost.toFixed(4)}`}
        </p>
        {pending.length > 0 && (
          <p className="note" role="status">
            The synthesis did not hear from {pending.join(", ")}: still answering when the answer was due.{" "}
            {pending.length === 1
              ? "Its opinion appears beside it when it lands."
              : "Their opinions appear beside it as they land."}
          </p>
        )}
        {(result.budget?.leftOut ?? []).map((left) => (
          <p key={left.model} className="warning">
            Left out: {left.model} ({left.reason})
          </p>
        ))}
        <div className="charts">
          <LatencyChart opinions={answered} synthesis={synthesis} />
          <CostChart
            calls={calls.map((call, index) => ({
              label: synthesis && index === calls.length - 1 ? `synthesis (${call.model})` : call.model,
              cost: call.cost,
            }))}
          />
        </div>
      </div>
      <div className="opinions">
        <h2 className="visually-hidden">Opinions</h2>
        {opinions.map((opinion) => (
          <OpinionCard
            key={opinion.model}
            opinion={opinion}
            stance={result.stances?.[opinion.model]}
            unlanded={unlanded.includes(opinion.model)}
          />
        ))}
      </div>
    </section>
  );
}
