// The calling agent's own answer (`hostAnswer`), written before it asked, as one more opinion of the
// council: shown to reviewers and debaters anonymised like any other, counted in the agreement and
// votes, read by the synthesis. No provider is called for it, so it costs nothing and reports no
// tokens or latency; it never reviews or revises, having no model to ask.

import type { ModelOpinion } from "../../contract/opinions.ts";
import type { ModelFamily } from "./model-families.ts";
import { familyOf } from "./model-families.ts";

/** The answer as the caller gives it. */
export interface HostAnswer {
  text: string;
  /** The model the calling agent runs on, when it said. */
  model?: string | undefined;
}

/** The short name the host's opinion goes by in the result, the synthesis and the votes. */
export const hostModelName = "host";

/** `answer` as an opinion marked `host: true`, or undefined when there is none. */
export function hostOpinion(answer: HostAnswer | undefined): ModelOpinion | undefined {
  if (!answer) return undefined;
  return {
    model: hostModelName,
    modelId: answer.model ?? hostModelName,
    modelDisplayName: answer.model ? `The calling agent (${answer.model})` : "The calling agent",
    response: answer.text,
    tokensUsed: 0,
    inputTokens: 0,
    outputTokens: 0,
    latencyMs: 0,
    cost: 0,
    citations: [],
    host: true,
  };
}

/** The family of the host's model (by its id), so one vendor's models count as one voice. */
export function hostFamily(opinion: ModelOpinion): ModelFamily {
  return familyOf({
    name: opinion.model,
    // A provider serving every vendor's models: only the model id decides the family.
    provider: "openai-compatible",
    modelId: opinion.modelId,
    displayName: opinion.modelDisplayName,
  });
}

/** `opinions` with the host's after them (last, so the debate finds no debater for it and keeps it). */
export function withHost(opinions: readonly ModelOpinion[], host: ModelOpinion | undefined): ModelOpinion[] {
  return host ? [...opinions, host] : [...opinions];
}
