// OpenAI Responses API (`/responses`), used by `openai(modelId)` and by every `xai(modelId)` model.
// Reads the prompt (`input` items and `instructions`), the files in `input_image` / `input_file` parts,
// structured output (`text.format`: `{type: "json_schema", schema}` or `{type: "json_object"}`), web
// search (a `web_search` or `web_search_preview` tool) and reasoning (`reasoning`, with an effort other
// than "none" or "minimal"; OpenAI returns the summary text only when `reasoning.summary` asks for it,
// xAI always). The answer's items are in openai-responses-output.ts, its event stream in
// openai-responses-events.ts.

import { type Attachment, attachmentOfUrl } from "./attachments.ts";
import { structuredOutputOf } from "./openai-chat.ts";
import { responseEvents } from "./openai-responses-events.ts";
import { response } from "./openai-responses-output.ts";
import {
  holdsToolResult,
  isRecord,
  type Protocol,
  providerOf,
  type ReasoningRequest,
  summarisePrompt,
  textOfContent,
  truncatedReply,
} from "./protocol.ts";
import { reasoningOfEffort } from "./reasoning.ts";
import { hasToolOfType } from "./web-search.ts";

/** The Responses protocol. */
export const openaiResponses: Protocol = {
  name: "openai-responses",
  parse(body, url) {
    const request = isRecord(body) ? body : {};
    const input = request.input;
    const items = (
      typeof input === "string" ? [{ role: "user", content: input }] : Array.isArray(input) ? input : []
    ).filter(isRecord);
    const messages = items.map((item) => ({
      role: String(item.role ?? item.type),
      text: textOfContent(item.content),
    }));
    if (typeof request.instructions === "string")
      messages.unshift({ role: "system", text: request.instructions });
    const reasoning = reasoningOf(request, providerOf(url));
    return {
      model: typeof request.model === "string" ? request.model : "",
      stream: request.stream === true,
      prompt: summarisePrompt(messages, "user"),
      ...structuredOutputOf(isRecord(request.text) ? request.text.format : undefined),
      search: hasToolOfType(request.tools, "web_search"),
      ...(reasoning ? { reasoning } : {}),
      attachments: items.flatMap((item) => attachmentsOf(item.content)),
      toolResult: holdsToolResult(items, (item) => String(item.type).endsWith("_output")),
    };
  },
  render(reply) {
    return reply.stream
      ? { kind: "events", events: responseEvents(reply) }
      : { kind: "json", body: response(reply) };
  },
  malformed(stream) {
    const truncated = '{"id":"resp_broken","object":"response","status":"completed","output":[{"type":"mess';
    return truncatedReply(stream, truncated, { event: "response.created", data: truncated });
  },
};

function reasoningOf(request: Record<string, unknown>, provider: string): ReasoningRequest | undefined {
  if (!isRecord(request.reasoning)) return undefined;
  const { effort, summary } = request.reasoning;
  return reasoningOfEffort(effort, provider === "xai" || typeof summary === "string");
}

function attachmentsOf(content: unknown): Attachment[] {
  if (!Array.isArray(content)) return [];
  return content.filter(isRecord).flatMap((part) => {
    const attachment =
      part.type === "input_image"
        ? attachmentOfUrl(part.image_url ?? `file:${String(part.file_id)}`, "image/*")
        : part.type === "input_file"
          ? attachmentOfUrl(
              part.file_data ?? part.file_url ?? `file:${String(part.file_id)}`,
              "application/octet-stream",
            )
          : undefined;
    return attachment ? [attachment] : [];
  });
}
