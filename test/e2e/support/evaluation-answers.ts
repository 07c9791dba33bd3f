// Scripted answers for evaluations against the provider simulator: a model's reply to a question is
// worked out from the prompt, and a synthesis request (structured output) gets the synthesis schema's
// JSON with the scripted answer and agreement score, as a real synthesis model writes it.

import type { AnswerRequest } from "../../simulator/behaviour.ts";

/** What a model answers to the question in `request` (undefined: it does not know the question). */
export type Answerer = (request: AnswerRequest) => { answer: string; agreement?: number };

/** The simulator's `text` behaviour of a model answering as `answerer` says, syntheses included. */
export function scriptedText(answerer: Answerer): (request: AnswerRequest) => string {
  return (request) => {
    const { answer, agreement } = answerer(request);
    if (!request.structured) return `Here is my answer.\n\nAnswer: ${answer}`;
    return JSON.stringify({
      synthesis: `**Answer**: ${answer}\n\nAnswer: ${answer}`,
      agreement: { score: agreement ?? 0.8, reason: "scripted" },
      consensus: [],
      dissent: [],
      verdict: null,
      positions: [],
    });
  };
}
