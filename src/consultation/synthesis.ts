// The synthesis stage: one model reads every successful opinion and writes where they agree, where
// they differ and why, one answer, and the sources. When that model fails, the next candidate writes it.

import type { ModelEntry } from "../configuration/model-entry.ts";
import type { LanguageModelFactory } from "../providers/create-language-model.ts";
import type { Message } from "../store/store.ts";
import { type CallPolicy, callModel } from "./call-model.ts";
import { deduplicateCitations } from "./citations.ts";
import { buildContext } from "./conversation-context.ts";
import type { Citation, ConsultationEvent, ModelOpinion, Synthesis } from "./opinion.ts";

/** Instructions given to the synthesis model. */
export const synthesisInstructions = [
  "You write the synthesis of several independent expert answers to one question.",
  "Earlier turns of the conversation, when there are any, come before it: read the question in their light.",
  "Use these sections, in Markdown:",
  "**Agreement**: what the answers agree on.",
  "**Differences**: where they differ, and why (assumptions, knowledge, recency, interpretation).",
  "**Answer**: your single best answer to the question, reconciling the above.",
  "**Sources**: the sources listed below, each once; leave the section out when there are none.",
  "Refer to each answer by its model label. Never invent sources.",
].join("\n");

/** The user message of the synthesis request. */
export function synthesisPrompt(
  question: string,
  opinions: readonly ModelOpinion[],
  sources: readonly Citation[],
): string {
  const sections = opinions.map(
    (opinion, index) =>
      `### ${index + 1}. ${opinion.model} (${opinion.modelDisplayName})\n\n${opinion.response}`,
  );
  const sourceList =
    sources.length > 0 ? sources.map((source) => `- ${source.title}: ${source.url}`).join("\n") : "(none)";
  return `## Question\n\n${question}\n\n## Opinions\n\n${sections.join("\n\n")}\n\n## Sources cited by the opinions\n\n${sourceList}`;
}

/**
 * Writes the synthesis with the first candidate that succeeds, giving it the conversation so far
 * (trimmed to its window); returns an error synthesis when all fail.
 */
export async function synthesise(
  question: string,
  history: readonly Message[],
  opinions: readonly ModelOpinion[],
  candidates: readonly ModelEntry[],
  dependencies: {
    createModel: LanguageModelFactory;
    policy: CallPolicy;
    remainingMs: () => number;
    onEvent: (event: ConsultationEvent) => void;
  },
): Promise<Synthesis> {
  const successful = opinions.filter((opinion) => !opinion.error);
  const sources = deduplicateCitations(successful.flatMap((opinion) => opinion.citations));
  const prompt = synthesisPrompt(question, successful, sources);
  const basedOn = successful.map((opinion) => opinion.model);
  const failures: { model: string; error: string }[] = [];
  for (const entry of candidates) {
    const remaining = dependencies.remainingMs();
    if (remaining < 1000) break;
    dependencies.onEvent({ type: "synthesis-started", model: entry.name });
    const context = buildContext(history, prompt, synthesisInstructions, entry.contextWindow);
    const result = await callModel(
      {
        entry,
        model: dependencies.createModel(entry),
        instructions: synthesisInstructions,
        messages: context.messages,
      },
      { ...dependencies.policy, deadlineMs: Math.min(dependencies.policy.deadlineMs, remaining) },
    );
    dependencies.onEvent({
      type: "synthesis-finished",
      model: entry.name,
      error: result.error === true,
      ...(result.error ? { failure: result.response } : {}),
    });
    const { citations: _citations, ...fields } = result;
    if (!result.error && result.response.trim().length > 0) {
      return { ...fields, sources, basedOn, ...(failures.length > 0 ? { fallbackFrom: failures } : {}) };
    }
    failures.push({
      model: entry.name,
      error: result.error ? result.response : "returned an empty synthesis",
    });
  }
  const last = candidates[candidates.length - 1];
  return {
    model: last?.name ?? "multi-model-synthesis",
    modelId: last?.modelId ?? "none",
    modelDisplayName: last?.displayName ?? "No synthesis model",
    response: `No synthesis could be written: ${failures.map((failure) => failure.error).join(" | ") || "no time was left"}`,
    latencyMs: 0,
    sources,
    basedOn,
    error: true,
    fallbackFrom: failures,
  };
}
