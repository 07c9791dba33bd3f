// OpenAI Responses API (`/responses`), used by `openai(modelId)` and by every `xai(modelId)` model.
// Citations are `url_citation` annotations on the `output_text` part. While streaming, OpenAI reports them
// as `response.output_text.annotation.added` events; the xAI dialect reports them only on the finished
// message item, because @ai-sdk/xai turns each place it sees an annotation into a separate source.
// Structured output is `text.format`: `{type: "json_schema", schema}` (or `{type: "json_object"}`).

import type { SimulatedUsage } from "./behaviour.ts";
import { structuredOutputOf } from "./openai-chat.ts";
import {
  isRecord,
  type Protocol,
  type ServerSentEvent,
  type SimulatedReply,
  splitIntoDeltas,
  summarisePrompt,
  textOfContent,
  truncatedReply,
} from "./protocol.ts";

/** The Responses protocol. */
export const openaiResponses: Protocol = {
  name: "openai-responses",
  parse(body) {
    const request = isRecord(body) ? body : {};
    const input = request.input;
    const items =
      typeof input === "string" ? [{ role: "user", content: input }] : Array.isArray(input) ? input : [];
    const messages = items
      .filter(isRecord)
      .map((item) => ({ role: String(item.role ?? item.type), text: textOfContent(item.content) }));
    if (typeof request.instructions === "string")
      messages.unshift({ role: "system", text: request.instructions });
    return {
      model: typeof request.model === "string" ? request.model : "",
      stream: request.stream === true,
      prompt: summarisePrompt(messages, "user"),
      ...structuredOutputOf(isRecord(request.text) ? request.text.format : undefined),
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

function response(reply: SimulatedReply, status = "completed"): Record<string, unknown> {
  return {
    id: `resp_${reply.id}`,
    object: "response",
    created_at: reply.created,
    status,
    error: null,
    incomplete_details: null,
    model: reply.model,
    output: status === "completed" ? [message(reply, "completed")] : [],
    usage: status === "completed" && reply.usage ? responsesUsage(reply.usage) : null,
  };
}

function message(reply: SimulatedReply, status: string): Record<string, unknown> {
  return {
    type: "message",
    id: `msg_${reply.id}`,
    status,
    role: "assistant",
    content: status === "completed" ? [outputText(reply)] : [],
  };
}

function outputText(reply: SimulatedReply): Record<string, unknown> {
  return { type: "output_text", text: reply.text, annotations: annotations(reply), logprobs: [] };
}

function annotations(reply: SimulatedReply): Record<string, unknown>[] {
  return reply.citations.map((citation) => ({
    type: "url_citation",
    start_index: 0,
    end_index: reply.text.length,
    url: citation.url,
    title: citation.title,
  }));
}

function responsesUsage(usage: SimulatedUsage): unknown {
  return {
    input_tokens: usage.inputTokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: usage.outputTokens,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: usage.inputTokens + usage.outputTokens,
  };
}

function responseEvents(reply: SimulatedReply): ServerSentEvent[] {
  const itemId = `msg_${reply.id}`;
  const position = { item_id: itemId, output_index: 0, content_index: 0 };
  const events: Record<string, unknown>[] = [
    { type: "response.created", response: response(reply, "in_progress") },
    { type: "response.in_progress", response: response(reply, "in_progress") },
    { type: "response.output_item.added", output_index: 0, item: message(reply, "in_progress") },
    {
      type: "response.content_part.added",
      ...position,
      part: { type: "output_text", text: "", annotations: [] },
    },
  ];
  for (const delta of splitIntoDeltas(reply.text)) {
    events.push({ type: "response.output_text.delta", ...position, delta, logprobs: [] });
  }
  if (reply.provider !== "xai") {
    annotations(reply).forEach((annotation, index) => {
      events.push({
        type: "response.output_text.annotation.added",
        ...position,
        annotation_index: index,
        annotation,
      });
    });
  }
  events.push(
    { type: "response.output_text.done", ...position, text: reply.text, logprobs: [] },
    { type: "response.content_part.done", ...position, part: outputText(reply) },
    { type: "response.output_item.done", output_index: 0, item: message(reply, "completed") },
    { type: "response.completed", response: response(reply) },
  );
  return events.map((event, index) => ({
    event: String(event.type),
    data: { ...event, sequence_number: index },
  }));
}
