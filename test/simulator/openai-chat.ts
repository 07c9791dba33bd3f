// OpenAI Chat Completions (`/chat/completions`) and the dialects of the providers that speak it.
// Reads the prompt, the files in `image_url`, `file`, `input_audio` and (Perplexity's) `file_url` parts,
// structured output (`response_format`: `{type: "json_schema", json_schema: {schema}}` or
// `{type: "json_object"}`), web search (Perplexity always searches; OpenRouter's `plugins: [{id: "web"}]`,
// `web_search_options` or an `:online` model; OpenAI's `web_search_options` or a search model; xAI's
// `search_parameters`) and reasoning (`reasoning_effort`, or OpenRouter's `reasoning` object). The
// answer's dialects are in openai-chat-output.ts.

import { type Attachment, attachmentOfBase64, attachmentOfUrl } from "./attachments.ts";
import { completion, completionChunks } from "./openai-chat-output.ts";
import {
  isRecord,
  type Protocol,
  providerOf,
  type ReasoningRequest,
  type StructuredOutput,
  summarisePrompt,
  textOfContent,
  truncatedReply,
} from "./protocol.ts";
import { reasoningOfEffort } from "./reasoning.ts";

/** Providers that return the reasoning text of a chat completion. */
const providersWithReasoningText = new Set(["xai", "cerebras", "ollama", "openrouter"]);

/** The Chat Completions protocol. */
export const openaiChat: Protocol = {
  name: "openai-chat",
  parse(body, url) {
    const request = isRecord(body) ? body : {};
    const messages = Array.isArray(request.messages) ? request.messages.filter(isRecord) : [];
    const model = typeof request.model === "string" ? request.model : "";
    const provider = providerOf(url);
    const reasoning = reasoningOf(request, provider);
    return {
      model,
      stream: request.stream === true,
      prompt: summarisePrompt(
        messages.map((message) => ({ role: String(message.role), text: textOfContent(message.content) })),
        "user",
      ),
      ...structuredOutputOf(request.response_format),
      search: searches(request, provider, model),
      ...(reasoning ? { reasoning } : {}),
      attachments: messages.flatMap((message) => attachmentsOf(message.content)),
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

function searches(request: Record<string, unknown>, provider: string, model: string): boolean {
  switch (provider) {
    case "perplexity":
      return true;
    case "openrouter": {
      const plugins = Array.isArray(request.plugins) ? request.plugins : [];
      const webPlugin = plugins.some((plugin) => isRecord(plugin) && plugin.id === "web");
      return webPlugin || isRecord(request.web_search_options) || model.endsWith(":online");
    }
    case "openai":
      return isRecord(request.web_search_options) || model.includes("search");
    case "xai":
      return isRecord(request.search_parameters) && request.search_parameters.mode !== "off";
    default:
      return false;
  }
}

function reasoningOf(request: Record<string, unknown>, provider: string): ReasoningRequest | undefined {
  if (provider === "openrouter") {
    const reasoning = request.reasoning;
    if (!isRecord(reasoning) || reasoning.enabled === false) return undefined;
    return reasoningOfEffort(reasoning.effort, reasoning.exclude !== true);
  }
  if (typeof request.reasoning_effort !== "string") return undefined;
  const hidden = request.reasoning_format === "hidden" || request.reasoning_format === "none";
  return reasoningOfEffort(request.reasoning_effort, providersWithReasoningText.has(provider) && !hidden);
}

function attachmentsOf(content: unknown): Attachment[] {
  if (!Array.isArray(content)) return [];
  return content.filter(isRecord).flatMap((part) => {
    let attachment: Attachment | undefined;
    if (part.type === "image_url" && isRecord(part.image_url))
      attachment = attachmentOfUrl(part.image_url.url, "image/*");
    else if (part.type === "file" && isRecord(part.file))
      attachment = attachmentOfUrl(
        part.file.file_data ?? `file:${String(part.file.file_id)}`,
        "application/octet-stream",
      );
    else if (part.type === "file_url" && isRecord(part.file_url) && typeof part.file_url.url === "string")
      // Perplexity's PDFs: a URL, or bare base64 without a data: prefix.
      attachment = /^(https?|data):/.test(part.file_url.url)
        ? attachmentOfUrl(part.file_url.url, "application/pdf")
        : attachmentOfBase64("application/pdf", part.file_url.url);
    else if (part.type === "input_audio" && isRecord(part.input_audio))
      attachment = attachmentOfBase64(`audio/${String(part.input_audio.format)}`, part.input_audio.data);
    return attachment ? [attachment] : [];
  });
}
