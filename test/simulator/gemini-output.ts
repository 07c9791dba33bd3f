// The chunks of a Gemini answer. Thoughts are parts with `thought: true` (only when the request asked to
// include them) and the answer's last part carries a `thoughtSignature` when the model reasoned, as in the
// AI SDK's recordings `google-reasoning.json` / `.chunks.txt` (packages/google/src/__fixtures__).
// `usageMetadata.thoughtsTokenCount` is counted apart from `candidatesTokenCount`, and
// `cachedContentTokenCount` is part of `promptTokenCount`. A search's `groundingMetadata` (queries, a search
// entry point, `groundingChunks[].web` and `groundingSupports`) comes with the final chunk; the AI SDK has no
// recording of it for generateContent, so its shape follows the grounding example in @ai-sdk/google's
// google-language-model.test.ts.

import type { SimulatedUsage } from "./behaviour.ts";
import type { SimulatedReply } from "./protocol.ts";
import { reasoningSignature } from "./reasoning.ts";

/** A streamed chunk with one piece of the thoughts. */
export function thoughtChunk(reply: SimulatedReply, text: string): unknown {
  return candidateChunk(reply, [{ text, thought: true }]);
}

/** A streamed chunk with one piece of the answer. */
export function partialChunk(reply: SimulatedReply, text: string): unknown {
  return candidateChunk(reply, [{ text }]);
}

/** The whole answer (`text` is all of it) or a stream's last chunk: finish reason, grounding and usage. */
export function finalChunk(reply: SimulatedReply, text: string): unknown {
  const signature = reply.reasoning ? { thoughtSignature: reasoningSignature(reply.id) } : {};
  const thoughts =
    !reply.stream && reply.reasoning?.visible ? [{ text: reply.reasoning.text, thought: true }] : [];
  return {
    candidates: [
      {
        content: { parts: [...thoughts, answerPart(reply, text, signature)], role: "model" },
        finishReason: "STOP",
        index: 0,
        ...(reply.search ? { groundingMetadata: groundingMetadata(reply, reply.search.queries) } : {}),
      },
    ],
    ...(reply.usage ? { usageMetadata: usageMetadata(reply, reply.usage) } : {}),
    modelVersion: reply.model,
    responseId: reply.id,
  };
}

/** The answer's text, or the tool the model asks to run as a `functionCall`. */
function answerPart(reply: SimulatedReply, text: string, signature: Record<string, unknown>): unknown {
  if (!reply.toolCall) return { text, ...signature };
  const { name, input } = reply.toolCall;
  return { functionCall: { id: `call_${reply.id}`, name, args: input }, ...signature };
}

function candidateChunk(reply: SimulatedReply, parts: Record<string, unknown>[]): unknown {
  return {
    candidates: [{ content: { parts, role: "model" }, index: 0 }],
    modelVersion: reply.model,
    responseId: reply.id,
  };
}

function groundingMetadata(reply: SimulatedReply, queries: string[]): Record<string, unknown> {
  const chips = queries.map(
    (query) =>
      `<a class="chip" href="https://www.google.com/search?q=${encodeURIComponent(query)}">${escapeHtml(query)}</a>`,
  );
  return {
    webSearchQueries: queries,
    searchEntryPoint: { renderedContent: `<div class="container">${chips.join("")}</div>` },
    groundingChunks: reply.citations.map((citation) => ({
      web: { uri: citation.url, title: citation.title },
    })),
    groundingSupports:
      reply.citations.length === 0
        ? []
        : [
            {
              segment: { startIndex: 0, endIndex: reply.text.length, text: reply.text },
              groundingChunkIndices: reply.citations.map((_, index) => index),
              confidenceScores: reply.citations.map(() => 0.9),
            },
          ],
  };
}

function usageMetadata(reply: SimulatedReply, usage: SimulatedUsage): Record<string, unknown> {
  const thoughts = reply.reasoning?.tokens;
  return {
    promptTokenCount: usage.inputTokens,
    candidatesTokenCount: usage.outputTokens,
    totalTokenCount: usage.inputTokens + usage.outputTokens + (thoughts ?? 0),
    ...(usage.cachedInputTokens === undefined ? {} : { cachedContentTokenCount: usage.cachedInputTokens }),
    ...(thoughts === undefined ? {} : { thoughtsTokenCount: thoughts }),
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);
}
