// One consultation's answer: the synthesis first with its assessment (or why there is none), for an
// adaptive consultation the path it took, the council's review and debate rounds, the opinions beside
// it (see OpinionCard), the charts, and copy buttons. When the answer was given with models still
// answering, it says whom the synthesis did not hear from, and their places fill in as their opinions
// land (page/use-late-opinion-following.ts follows them).

import { type Answer, describeAdaptivePath, describeStrategyChoice } from "../api.ts";
import { CostChart, LatencyChart } from "./Charts.tsx";
import { DebateRounds } from "./DebateRounds.tsx";
import { DegradedBanner } from "./DegradedBanner.tsx";
import { OpinionCard } from "./OpinionCard.tsx";
import { ReviewRanking } from "./ReviewRanking.tsx";
import { SynthesisFailure, SynthesisView } from "./SynthesisView.tsx";

/** The answer; `unlanded` names the pending models whose opinion will never land. */
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
        <DegradedBanner assessment={synthesis?.assessment} />
        {synthesis && !synthesis.error ? (
          <SynthesisView synthesis={synthesis} />
        ) : synthesis?.error ? (
          <SynthesisFailure synthesis={synthesis} />
        ) : null}
        {result.strategyChoice && (
          <p className="note strategy-choice">{describeStrategyChoice(result.strategyChoice)}</p>
        )}
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
