// What a simulated model answers when it succeeds: the text (scripted, computed, or the default that names
// the prompt and its files), the usage, and the search and reasoning the request asked for.

import { sampleFromSchema } from "../../src/providers/schema-sample.ts";
import { attachmentsNote, attachmentTokens } from "./attachments.ts";
import type { AnswerOutcome, ModelBehaviour, PromptSummary, RequestFeatures } from "./behaviour.ts";
import { defaultReasoning } from "./reasoning.ts";
import { defaultCitations, defaultSearchQueries } from "./web-search.ts";

/** The answer `behaviour` gives `model` for a prompt with these features. */
export function answerOf(
  model: string,
  behaviour: ModelBehaviour,
  prompt: PromptSummary,
  features: RequestFeatures,
): AnswerOutcome {
  const attachments = features.attachments ?? [];
  const text = replyText(model, behaviour, prompt, features);
  const usage =
    behaviour.usage === undefined
      ? {
          inputTokens: estimateTokens(prompt.totalCharacters) + attachmentTokens(attachments),
          outputTokens: estimateTokens(text.length),
        }
      : behaviour.usage;
  const answer: AnswerOutcome = { kind: "answer", text, usage, citations: [] };
  if (behaviour.pieceChars !== undefined) answer.pieceChars = behaviour.pieceChars;
  if (behaviour.toolCall && !features.toolResult) answer.toolCall = behaviour.toolCall;
  if (features.search) {
    answer.search = { queries: behaviour.searchQueries ?? defaultSearchQueries(prompt.lastUserText) };
    answer.citations = behaviour.citations ?? defaultCitations(prompt.lastUserText);
  }
  if (features.reasoning) {
    const answerTokens = usage?.outputTokens ?? estimateTokens(text.length);
    answer.reasoning = behaviour.reasoning ?? defaultReasoning(prompt.lastUserText, answerTokens);
  }
  return answer;
}

function replyText(
  model: string,
  behaviour: ModelBehaviour,
  prompt: PromptSummary,
  features: RequestFeatures,
): string {
  const { lastUserText, system } = prompt;
  const { structured, attachments = [] } = features;
  if (typeof behaviour.text === "function")
    return behaviour.text({ lastUserText, system, structured: structured !== undefined, attachments });
  if (behaviour.text !== undefined) return behaviour.text;
  const answer = `Answer from ${model}: ${lastUserText.slice(0, 80)}${attachmentsNote(attachments)}`;
  if (!structured) return answer;
  return JSON.stringify(
    structured.schema ? sampleFromSchema(structured.schema, () => answer) : { text: answer },
  );
}

/** Roughly four characters per token, at least one token. */
export function estimateTokens(characters: number): number {
  return Math.max(1, Math.ceil(characters / 4));
}
