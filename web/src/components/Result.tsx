// One consultation's answer: the synthesis first, the opinions beside it (model, latency, tokens,
// cost, citations as links), the charts, and copy buttons.

import type { Opinion, SecondOpinion } from "../api.ts";
import { renderMarkdown } from "../markdown.ts";
import { CostChart, LatencyChart } from "./Charts.tsx";
import { CopyButton } from "./CopyButton.tsx";

function usage(opinion: Opinion): string {
  const parts = [`${(opinion.latencyMs / 1000).toFixed(1)} s`];
  if (opinion.tokensUsed !== undefined) parts.push(`${opinion.tokensUsed} tokens`);
  if (opinion.cost !== undefined) parts.push(`$${opinion.cost.toFixed(4)}`);
  return parts.join(" · ");
}

/** Markdown of a model, sanitised. */
export function Markdown({ text, className = "markdown" }: { text: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify in renderMarkdown
  return <div className={className} dangerouslySetInnerHTML={{ __html: renderMarkdown(text) }} />;
}

export function Result({ result }: { result: Omit<SecondOpinion, "conversationId"> }) {
  const opinions = [result.primary, ...result.secondaryOpinions];
  const { synthesis, summary } = result;
  const calls = synthesis ? [...opinions, synthesis] : opinions;
  return (
    <section className="result" aria-label="Answer">
      <div className="synthesis">
        {synthesis && !synthesis.error ? (
          <article aria-label="Synthesis">
            <header>
              <h2>Synthesis</h2>
              <span className="meta">
                by {synthesis.model} · {usage(synthesis)}
              </span>
              <CopyButton text={synthesis.response} label="synthesis" />
            </header>
            <Markdown text={synthesis.response} />
            {(synthesis.sources ?? []).length > 0 && (
              <ol className="sources" aria-label="Sources">
                {(synthesis.sources ?? []).map((source) => (
                  <li key={source.url}>
                    <a href={source.url} target="_blank" rel="noreferrer noopener">
                      {source.title}
                    </a>
                  </li>
                ))}
              </ol>
            )}
          </article>
        ) : synthesis?.error ? (
          <p className="warning" role="status">
            No synthesis: {synthesis.response}
          </p>
        ) : null}
        <p className="totals">
          {summary.successfulModels} of {summary.totalModels} models answered ·{" "}
          {(summary.totalLatencyMs / 1000).toFixed(1)} s
          {summary.totalTokens !== undefined && ` · ${summary.totalTokens} tokens`}
          {summary.totalCost !== undefined && ` · $${summary.totalCost.toFixed(4)}`}
        </p>
        {(result.budget?.leftOut ?? []).map((left) => (
          <p key={left.model} className="warning">
            Left out: {left.model} ({left.reason})
          </p>
        ))}
        <div className="charts">
          <LatencyChart opinions={opinions} synthesis={synthesis} />
          <CostChart
            calls={calls.map((call, index) => ({
              label: synthesis && index === calls.length - 1 ? `synthesis (${call.model})` : call.model,
              cost: call.cost,
            }))}
          />
        </div>
      </div>
      <div className="opinions">
        {opinions.map((opinion) => (
          <article
            key={opinion.model}
            className={opinion.error ? "opinion failed" : "opinion"}
            aria-label={`Opinion of ${opinion.model}`}
          >
            <header>
              <h3>
                {opinion.error ? "✗" : "✓"} {opinion.model}
              </h3>
              <span className="meta">
                {opinion.modelDisplayName} · {usage(opinion)}
              </span>
              <CopyButton text={opinion.response} label={`opinion of ${opinion.model}`} />
            </header>
            {opinion.error ? (
              <p className="error">{opinion.response}</p>
            ) : (
              <Markdown text={opinion.response} />
            )}
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
        ))}
      </div>
    </section>
  );
}
