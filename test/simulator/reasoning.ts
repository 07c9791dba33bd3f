// Reasoning shared by the protocols: which effort values turn it on, the default thought a model shows
// when the request enables reasoning and the behaviour scripts none, and a stand-in signature.

import type { SimulatedReasoning } from "./behaviour.ts";
import type { ReasoningRequest } from "./protocol.ts";

/** How many reasoning tokens the default thought costs per answer token. */
export const defaultReasoningFactor = 3;

/** The default reasoning: a short thought about the question, 3 tokens per answer token. */
export function defaultReasoning(lastUserText: string, answerTokens: number): SimulatedReasoning {
  return {
    text: `Thinking about "${lastUserText.slice(0, 60)}" before answering.`,
    tokens: defaultReasoningFactor * answerTokens,
  };
}

/**
 * The reasoning an effort value asks for: any effort but "none" and "minimal" reasons (an effort that is not a
 * string, such as an absent one, means the vendor's default, which reasons too); `visible` says whether the
 * vendor also returns the thought text.
 */
export function reasoningOfEffort(effort: unknown, visible: boolean): ReasoningRequest | undefined {
  return effort === "none" || effort === "minimal" ? undefined : { visible };
}

/** A deterministic stand-in for the opaque signature or encrypted content vendors attach to reasoning. */
export function reasoningSignature(id: string): string {
  return Buffer.from(`simulated-reasoning-${id}`).toString("base64");
}
