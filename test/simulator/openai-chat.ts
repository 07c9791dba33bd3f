// OpenAI Chat Completions (`/chat/completions`) and the dialects of the providers that speak it.
// Citations: OpenAI and OpenRouter as `url_citation` annotations on the message; Perplexity as top-level
// `citations` (URLs) and `search_results`; xAI chat as top-level `citations`. Cerebras and Ollama have none.
// Structured output is `response_format`: `{type: "json_schema", json_schema: {schema}}` or `{type: "json_object"}`.

import type { SimulatedUsage } from "./behaviour.ts";
import {
  isRecord,
  type Protocol,
  type ServerSentEvent,
  type SimulatedReply,
  type StructuredOutput,
  splitIntoDeltas,
  summarisePrompt,
  textOfContent,
  truncatedReply,
} from "./protocol.ts";

/** Providers whose streams carry usage even without `stream_options.include_usage`. */
const providersThatAlwaysStreamUsage = new Set(["perplexity", "cerebras", "openrouter", "xai"]);

/** Providers that report citations as OpenAI `url_citation` annotations. */
const providersWithAnnotations = new Set(["openai", "openrouter"]);

/** The Chat Completions protocol. */
export const openaiChat: Protocol = {
  name: "openai-chat",
  parse(body) {
    const request = isRecord(body) ? body : {};
    const messages = Array.isArray(request.messages) ? request.messages.filter(isRecord) : [];
    return {
      model: typeof request.model === "string" ? request.model : "",
      stream: request.stream === true,
      prompt: summarisePrompt(
        messages.map((message) => ({ role: String(message.role), text: textOfContent(message.content) })),
        "user",
      ),
      ...structuredOutputOf(request.response_format),
    };
  },
  render(reply) {
    return reply.stream
      ? { kind: "events", events: completionChunks(reply), done: true }
      : { kind: "json", body: completion(reply) };
  },
  malformed(stream) {
    const truncated =
      '{"id":"chatcmpl-broken","object":"chat.completion","choices":[{"index":0,"message":{"role":"assis';
    return truncatedReply(stream, truncated, {
      data: truncated.replace("chat.completion", "chat.completion.chunk"),
    });
  },
};

/** The structured output a Chat Completions (or Responses `text.format`) format asks for, as a spreadable field. */
export function structuredOutputOf(format: unknown): { structured?: StructuredOutput } {
  if (!isRecord(format)) return {};
  if (format.type === "json_object") return { structured: {} };
  if (format.type !== "json_schema") return {};
  // Chat nests the schema in `json_schema`; Responses puts it on the format itself.
  const holder = isRecord(format.json_schema) ? format.json_schema : format;
  return { structured: isRecord(holder.schema) ? { schema: holder.schema } : {} };
}

function completion(reply: SimulatedReply): unknown {
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
          ...(annotations ? { annotations } : {}),
        },
        logprobs: null,
        finish_reason: "stop",
      },
    ],
    ...(reply.usage ? { usage: chatUsage(reply.usage) } : {}),
    ...topLevelCitations(reply),
  };
}

function completionChunks(reply: SimulatedReply): ServerSentEvent[] {
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
  for (const piece of splitIntoDeltas(reply.text)) chunks.push(chunk({ content: piece }));
  const annotations = annotationsOf(reply);
  if (annotations && annotations.length > 0) chunks.push(chunk({ annotations }));
  const finish = chunk({}, "stop");
  const options = isRecord(reply.body) ? reply.body.stream_options : undefined;
  const usageRequested = isRecord(options) && options.include_usage === true;
  if (reply.usage && usageRequested) {
    chunks.push(finish, { ...base, choices: [], usage: chatUsage(reply.usage) });
  } else if (reply.usage && providersThatAlwaysStreamUsage.has(reply.provider)) {
    chunks.push({ ...finish, usage: chatUsage(reply.usage) });
  } else {
    chunks.push(finish);
  }
  return chunks.map((data) => ({ data }));
}

function chatUsage(usage: SimulatedUsage): unknown {
  return {
    prompt_tokens: usage.inputTokens,
    completion_tokens: usage.outputTokens,
    total_tokens: usage.inputTokens + usage.outputTokens,
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
      ...(citation.snippet ? { snippet: citation.snippet } : {}),
    })),
  };
}
