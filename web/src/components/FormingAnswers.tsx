// Answers as they form, while a consultation runs (regions, not articles: the finished answer's
// articles are what a reader and the tests look for): a card per model holding its text so far (its
// revision in a debate round, once the round starts) and the synthesis above them, each grown from the
// server's `model-text` events. The finished answer replaces them all.

import type { ConsultationEvent } from "../api.ts";
import { Markdown } from "./Markdown.tsx";

/** One answer being written. */
export interface FormingText {
  text: string;
  /** 1 for the first answers; the debate round of a revision. */
  round: number;
}

/** Every answer being written in one consultation. */
export interface Forming {
  opinions: Record<string, FormingText>;
  synthesis?: { model: string; text: string };
}

export const nothingForming: Forming = { opinions: {} };

/** The answers after `event`. */
export function nextForming(forming: Forming, event: ConsultationEvent): Forming {
  if (event.type === "model-started")
    return { ...forming, opinions: { ...forming.opinions, [event.model]: { text: "", round: 1 } } };
  if (event.type === "round-started") {
    const opinions = { ...forming.opinions };
    for (const model of event.models) opinions[model] = { text: "", round: event.round };
    return { ...forming, opinions };
  }
  if (event.type === "synthesis-started") return { ...forming, synthesis: { model: event.model, text: "" } };
  if (event.type !== "model-text") return forming;
  if (event.stage === "synthesis") {
    const earlier = forming.synthesis?.model === event.model ? forming.synthesis.text : "";
    return { ...forming, synthesis: { model: event.model, text: earlier + event.delta } };
  }
  const current = forming.opinions[event.model] ?? { text: "", round: 1 };
  return {
    ...forming,
    opinions: { ...forming.opinions, [event.model]: { ...current, text: current.text + event.delta } },
  };
}

export function FormingAnswers({ forming }: { forming: Forming }) {
  const opinions = Object.entries(forming.opinions).filter(([, answer]) => answer.text.length > 0);
  const { synthesis } = forming;
  if (opinions.length === 0 && !synthesis?.text) return null;
  return (
    <section className="forming" aria-label="Answers forming" aria-busy="true">
      <h2 className="visually-hidden">Answers forming</h2>
      {synthesis?.text && (
        <section className="opinion forming-card" aria-label="Synthesis forming">
          <header>
            <h3>Synthesis</h3>
            <span className="meta">by {synthesis.model}, writing…</span>
          </header>
          <Markdown text={synthesis.text} />
        </section>
      )}
      {opinions.map(([model, answer]) => (
        <section key={model} className="opinion forming-card" aria-label={`Answer of ${model} forming`}>
          <header>
            <h3>{model}</h3>
            <span className="meta">
              {answer.round > 1 ? `revising in round ${answer.round}…` : "writing…"}
            </span>
          </header>
          <Markdown text={answer.text} />
        </section>
      ))}
    </section>
  );
}
