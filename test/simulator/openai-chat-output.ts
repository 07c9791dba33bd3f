// The answer of a Chat Completions request, whole or as chunks, in each provider's dialect.
// Citations: OpenAI and OpenRouter as `url_citation` annotations on the message (OpenRouter's with the
// snippet as `content`); Perplexity as top-level `citations` (URLs, as in the AI SDK's recording
// `perplexity-citations.json`) and `search_results` (title, url, date, snippet); xAI chat as top-level
// `citations`. Reasoning text: xAI's `reasoning_content` (recording `xai-text.json` / `.chunks.txt` in
// packages/openai-compatible/src/chat/__fixtures__), the `reasoning` field of Cerebras, Ollama and
// OpenRouter (OpenRouter adds `reasoning_details`); OpenAI and Perplexity return no reasoning text.
// Reasoning tokens are `completion_tokens_details.reasoning_tokens`, inside `completion_tokens` (as in
// `deepseek-reasoning.json`) except for xAI, whose recording counts them apart, and Perplexity, whose
// top-level `reasoning_tokens` are apart too. Cached input is `prompt_tokens_details.cached_tokens` (part
// of `prompt_tokens`); Perplexity reports none.

import type { SimulatedUsage } from "./behaviour.ts";
import { isRecord, type ServerSentEvent, type SimulatedReply, splitIntoDeltas } from "./protocol.ts";

/** Providers whose streams carry usage even without `stream_options.include_usage`. */
const providersThatAlwaysStreamUsage = new Set(["perplexity", "cerebras", "openrouter", "xai"]);

/** Providers that report citations as OpenAI `url_citation` annotations. */
const providersWithAnnotations = new Set(["openai", "openrouter"]);

/** A whole `chat.completion`. */
export function completion(reply: SimulatedReply): unknown {
  const annotations = annotationsOf(reply);
  return {
    id: `chatcmpl-${reply.id}`,
    object: "chat.completion",
    created: reply.created,
    model: reply.model,
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content: reply.text,
          refusal: null,
          ...(reply.reasoning ? reasoningFields(reply, reply.reasoning.text) : {}),
          ...(annotations ? { annotations } : {}),
        },
        logprobs: null,
        finish_reason: "stop",
      },
    ],
    ...(reply.usage ? { usage: chatUsage(reply, reply.usage) } : {}),
    ...topLevelCitations(reply),
  };
}

/** The `chat.completion.chunk` stream: reasoning deltas, text deltas, annotations, finish, usage. */
export function completionChunks(reply: SimulatedReply): ServerSentEvent[] {
  const base = {
    id: `chatcmpl-${reply.id}`,
    object: "chat.completion.chunk",
    created: reply.created,
    model: reply.model,
    ...topLevelCitations(reply),
  };
  const chunk = (
    delta: Record<string, unknown>,
    finishReason: string | null = null,
  ): Record<string, unknown> => ({
    ...base,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  });
  const chunks = [chunk({ role: "assistant", content: "" })];
  if (reply.reasoning?.visible) {
    for (const piece of splitIntoDeltas(reply.reasoning.text))
      chunks.push(chunk(reasoningFields(reply, piece)));
  }
  for (const piece of splitIntoDeltas(reply.text, reply.pieceChars)) chunks.push(chunk({ content: piece }));
  const annotations = annotationsOf(reply);
  if (annotations && annotations.length > 0) chunks.push(chunk({ annotations }));
  const finish = chunk({}, "stop");
  const options = isRecord(reply.body) ? reply.body.stream_options : undefined;
  const usageRequested = isRecord(options) && options.include_usage === true;
  if (reply.usage && usageRequested) {
    chunks.push(finish, { ...base, choices: [], usage: chatUsage(reply, reply.usage) });
  } else if (reply.usage && providersThatAlwaysStreamUsage.has(reply.provider)) {
    chunks.push({ ...finish, usage: chatUsage(reply, reply.usage) });
  } else {
    chunks.push(finish);
  }
  return chunks.map((data) => ({ data }));
}

/** The provider's reasoning field(s) carrying `text`, or none when the reasoning is not visible. */
function reasoningFields(reply: SimulatedReply, text: string): Record<string, unknown> {
  if (!reply.reasoning?.visible) return {};
  if (reply.provider === "xai") return { reasoning_content: text };
  if (reply.provider !== "openrouter") return { reasoning: text };
  return {
    reasoning: text,
    reasoning_details: [{ type: "reasoning.text", text, format: "unknown", index: 0 }],
  };
}

function chatUsage(reply: SimulatedReply, usage: SimulatedUsage): Record<string, unknown> {
  const reasoningTokens = reply.reasoning?.tokens;
  if (reply.provider === "perplexity") {
    return {
      prompt_tokens: usage.inputTokens,
      completion_tokens: usage.outputTokens,
      total_tokens: usage.inputTokens + usage.outputTokens + (reasoningTokens ?? 0),
      ...(reasoningTokens === undefined ? {} : { reasoning_tokens: reasoningTokens }),
      ...(reply.search ? { num_search_queries: reply.search.queries.length } : {}),
    };
  }
  const reasoningInside = reply.provider === "xai" ? 0 : (reasoningTokens ?? 0);
  const completionTokens = usage.outputTokens + reasoningInside;
  const cacheWrite =
    reply.provider === "openrouter" && usage.cacheWriteTokens !== undefined
      ? { cache_write_tokens: usage.cacheWriteTokens }
      : {};
  return {
    prompt_tokens: usage.inputTokens,
    completion_tokens: completionTokens,
    total_tokens: usage.inputTokens + usage.outputTokens + (reasoningTokens ?? 0),
    ...(usage.cachedInputTokens === undefined && !("cache_write_tokens" in cacheWrite)
      ? {}
      : { prompt_tokens_details: { cached_tokens: usage.cachedInputTokens ?? 0, ...cacheWrite } }),
    ...(reasoningTokens === undefined
      ? {}
      : { completion_tokens_details: { reasoning_tokens: reasoningTokens } }),
  };
}

function annotationsOf(reply: SimulatedReply): unknown[] | undefined {
  if (!providersWithAnnotations.has(reply.provider)) return undefined;
  return reply.citations.map((citation) => ({
    type: "url_citation",
    url_citation: {
      start_index: 0,
      end_index: reply.text.length,
      url: citation.url,
      title: citation.title,
      ...(reply.provider === "openrouter" && citation.snippet ? { content: citation.snippet } : {}),
    },
  }));
}

function topLevelCitations(reply: SimulatedReply): Record<string, unknown> {
  if (reply.citations.length === 0) return {};
  const urls = reply.citations.map((citation) => citation.url);
  if (reply.provider === "xai") return { citations: urls };
  if (reply.provider !== "perplexity") return {};
  return {
    citations: urls,
    search_results: reply.citations.map((citation) => ({
      title: citation.title,
      url: citation.url,
      date: citation.date ?? null,
      ...(citation.snippet ? { snippet: citation.snippet } : {}),
    })),
  };
}
