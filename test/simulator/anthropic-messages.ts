// Anthropic Messages API (`/messages`). Reads the prompt, the files in `image` and `document` blocks,
// structured output (anthropic-structured-output.ts), web search (a `web_search_20250305`-style tool) and
// reasoning (`thinking` of type "enabled" or "adaptive"). The content blocks and usage are in
// anthropic-content.ts; this module writes them as a message or as the event stream. Real Anthropic always
// reports usage, so `usage: null` yields a body the SDK rejects.

import { contentBlocks, endsWithToolUse, messageUsage } from "./anthropic-content.ts";
import { anthropicStructuredOutput } from "./anthropic-structured-output.ts";
import { type Attachment, attachmentOfBase64 } from "./attachments.ts";
import {
  holdsToolResult,
  isRecord,
  type Protocol,
  type ReasoningRequest,
  type ServerSentEvent,
  type SimulatedReply,
  summarisePrompt,
  textOfContent,
  truncatedReply,
} from "./protocol.ts";
import { hasToolOfType } from "./web-search.ts";

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
    const reasoning = reasoningOf(request.thinking);
    return {
      model: typeof request.model === "string" ? request.model : "",
      stream: request.stream === true,
      prompt: summarisePrompt(turns, "user"),
      ...anthropicStructuredOutput(request),
      search: hasToolOfType(request.tools, "web_search_"),
      ...(reasoning ? { reasoning } : {}),
      attachments: messages.flatMap((message) => attachmentsOf(message.content)),
      toolResult: holdsToolResult(messages.at(-1)?.content, (block) => block.type === "tool_result"),
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

/** Extended thinking ("enabled" with a budget) and adaptive thinking both reason. */
function reasoningOf(thinking: unknown): ReasoningRequest | undefined {
  if (!isRecord(thinking) || (thinking.type !== "enabled" && thinking.type !== "adaptive")) return undefined;
  return { visible: thinking.display !== "omitted" };
}

function attachmentsOf(content: unknown): Attachment[] {
  if (!Array.isArray(content)) return [];
  return content.filter(isRecord).flatMap((block) => {
    if ((block.type !== "image" && block.type !== "document") || !isRecord(block.source)) return [];
    const source = block.source;
    if (source.type === "base64") {
      const attachment = attachmentOfBase64(source.media_type, source.data);
      return attachment ? [attachment] : [];
    }
    if (source.type === "text" && typeof source.data === "string")
      return [
        { mediaType: String(source.media_type ?? "text/plain"), bytes: Buffer.byteLength(source.data) },
      ];
    return [{ mediaType: block.type === "image" ? "image/*" : "application/pdf", bytes: 0 }];
  });
}

function message(reply: SimulatedReply): unknown {
  return {
    id: `msg_${reply.id}`,
    type: "message",
    role: "assistant",
    model: reply.model,
    content: contentBlocks(reply).map((block) => block.whole),
    stop_reason: endsWithToolUse(reply) ? "tool_use" : "end_turn",
    stop_sequence: null,
    ...(reply.usage ? { usage: messageUsage(reply, reply.usage) } : {}),
  };
}

function messageEvents(reply: SimulatedReply): ServerSentEvent[] {
  const usage = reply.usage ? messageUsage(reply, reply.usage) : undefined;
  const startUsage = usage && {
    input_tokens: usage.input_tokens,
    cache_creation_input_tokens: usage.cache_creation_input_tokens,
    cache_read_input_tokens: usage.cache_read_input_tokens,
    output_tokens: 1,
  };
  const events: Record<string, unknown>[] = [
    {
      type: "message_start",
      message: {
        id: `msg_${reply.id}`,
        type: "message",
        role: "assistant",
        model: reply.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        ...(startUsage ? { usage: startUsage } : {}),
      },
    },
  ];
  contentBlocks(reply).forEach((block, index) => {
    events.push({ type: "content_block_start", index, content_block: block.start });
    if (index === 0) events.push({ type: "ping" });
    for (const delta of block.deltas) events.push({ type: "content_block_delta", index, delta });
    events.push({ type: "content_block_stop", index });
  });
  events.push(
    {
      type: "message_delta",
      delta: { stop_reason: endsWithToolUse(reply) ? "tool_use" : "end_turn", stop_sequence: null },
      ...(usage ? { usage } : {}),
    },
    { type: "message_stop" },
  );
  return events.map((event) => ({ event: String(event.type), data: event }));
}
