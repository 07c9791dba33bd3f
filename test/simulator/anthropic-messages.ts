// Anthropic Messages API (`/messages`). Citations are `web_search_result_location` citations on the text
// block (`citations_delta` events while streaming), which @ai-sdk/anthropic turns into url sources.
// Real Anthropic always reports usage, so `usage: null` yields a body the SDK rejects. A request that forces
// the "json" tool gets its answer as that tool's input (`input_json_delta` events while streaming).

import { anthropicStructuredOutput } from "./anthropic-structured-output.ts";
import type { SimulatedUsage } from "./behaviour.ts";
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

/** The Messages protocol. */
export const anthropicMessages: Protocol = {
  name: "anthropic-messages",
  parse(body) {
    const request = isRecord(body) ? body : {};
    const messages = Array.isArray(request.messages) ? request.messages.filter(isRecord) : [];
    const turns = messages.map((message) => ({
      role: String(message.role),
      text: textOfContent(message.content),
    }));
    const system = textOfContent(request.system);
    if (system.length > 0) turns.unshift({ role: "system", text: system });
    return {
      model: typeof request.model === "string" ? request.model : "",
      stream: request.stream === true,
      prompt: summarisePrompt(turns, "user"),
      ...anthropicStructuredOutput(request),
    };
  },
  render(reply) {
    return reply.stream
      ? { kind: "events", events: messageEvents(reply) }
      : { kind: "json", body: message(reply) };
  },
  malformed(stream) {
    const truncated = '{"type":"message","id":"msg_broken","role":"assistant","content":[{"type":"te';
    return truncatedReply(stream, truncated, { event: "message_start", data: truncated });
  },
};

function message(reply: SimulatedReply): unknown {
  const citations = citationsOf(reply);
  const tool = toolUseOf(reply);
  return {
    id: `msg_${reply.id}`,
    type: "message",
    role: "assistant",
    model: reply.model,
    content: [
      tool
        ? { ...tool.block, input: tool.input }
        : { type: "text", text: reply.text, ...(citations.length > 0 ? { citations } : {}) },
    ],
    stop_reason: tool ? "tool_use" : "end_turn",
    stop_sequence: null,
    ...(reply.usage ? { usage: messageUsage(reply.usage) } : {}),
  };
}

/**
 * The answer as a `tool_use` block (its input apart, since streams send it as deltas), when the request
 * forced the json tool and the answer is a JSON object; otherwise the answer stays text.
 */
function toolUseOf(
  reply: SimulatedReply,
): { block: Record<string, unknown>; input: Record<string, unknown> } | undefined {
  const name = reply.structured?.tool;
  if (name === undefined) return undefined;
  let input: unknown;
  try {
    input = JSON.parse(reply.text);
  } catch {
    return undefined;
  }
  if (!isRecord(input)) return undefined;
  return { block: { type: "tool_use", id: `toolu_${reply.id}`, name }, input };
}

function citationsOf(reply: SimulatedReply): Record<string, unknown>[] {
  return reply.citations.map((citation, index) => ({
    type: "web_search_result_location",
    cited_text: citation.snippet ?? citation.title,
    url: citation.url,
    title: citation.title,
    encrypted_index: Buffer.from(`simulated-${index}`).toString("base64"),
  }));
}

function messageUsage(usage: SimulatedUsage): Record<string, number> {
  return {
    input_tokens: usage.inputTokens,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    output_tokens: usage.outputTokens,
  };
}

function messageEvents(reply: SimulatedReply): ServerSentEvent[] {
  const usage = reply.usage ? messageUsage(reply.usage) : undefined;
  const start = {
    type: "message_start",
    message: {
      id: `msg_${reply.id}`,
      type: "message",
      role: "assistant",
      model: reply.model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      ...(usage ? { usage: { ...usage, output_tokens: 1 } } : {}),
    },
  };
  const tool = toolUseOf(reply);
  const block = tool ? { ...tool.block, input: {} } : { type: "text", text: "" };
  const events: Record<string, unknown>[] = [
    start,
    { type: "content_block_start", index: 0, content_block: block },
    { type: "ping" },
  ];
  for (const text of splitIntoDeltas(reply.text)) {
    const delta = tool ? { type: "input_json_delta", partial_json: text } : { type: "text_delta", text };
    events.push({ type: "content_block_delta", index: 0, delta });
  }
  for (const citation of tool ? [] : citationsOf(reply)) {
    events.push({ type: "content_block_delta", index: 0, delta: { type: "citations_delta", citation } });
  }
  events.push(
    { type: "content_block_stop", index: 0 },
    {
      type: "message_delta",
      delta: { stop_reason: tool ? "tool_use" : "end_turn", stop_sequence: null },
      ...(usage ? { usage: { output_tokens: usage.output_tokens } } : {}),
    },
    { type: "message_stop" },
  );
  return events.map((event) => ({ event: String(event.type), data: event }));
}
