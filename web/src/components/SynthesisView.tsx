// The synthesis of an answer: who wrote it (after which failed), its text with a copy button, its
// assessment (or why there is none) and its sources; or, when none could be written, why, and whose
// answer is kept instead.

import type { Synthesis } from "../api.ts";
import { usageLine } from "../opinion-details.ts";
import { Assessment } from "./Assessment.tsx";
import { CopyButton } from "./CopyButton.tsx";
import { Markdown } from "./Markdown.tsx";

/** A synthesis that was written. */
export function SynthesisView({ synthesis }: { synthesis: Synthesis }) {
  return (
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
          {(synthesis.fallbackFrom ?? []).map((failure) => `${failure.model} (${failure.error})`).join(", ")}{" "}
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
  );
}

/** A synthesis that could not be written: each attempt's failure, and whose answer is kept. */
export function SynthesisFailure({ synthesis }: { synthesis: Synthesis }) {
  return (
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
  );
}
