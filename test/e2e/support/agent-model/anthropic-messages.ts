// Claude Code's model protocol: the Anthropic Messages API (`POST /v1/messages`), streamed as server-sent
// events when the request asks for it. A tool result is a `tool_result` block of a user message; its
// content is a string or text blocks.

import type { ServerResponse } from "node:http";
import { formatEvent, writeJson } from "../../../simulator/write-response.ts";
import {
  type AgentProtocol,
  type AgentReply,
  isRecord,
  recordsOf,
  replyText,
  startEvents,
  textOfBlocks,
} from "./protocol.ts";

/** The Messages protocol. */
export const anthropicMessages: AgentProtocol = {
  name: "anthropic-messages",
  generates: (path) => path.endsWith("/v1/messages"),
  read(body) {
    const request = isRecord(body) ? body : {};
    const blocks = recordsOf(request.messages).flatMap((message) => recordsOf(message.content));
    return {
      tools: recordsOf(request.tools).flatMap((tool) => (typeof tool.name === "string" ? [tool.name] : [])),
      toolResults: new Map(
        blocks
          .filter((block) => block.type === "tool_result")
          .map((block) => [String(block.tool_use_id), textOfBlocks(block.content)]),
      ),
    };
  },
  write(response, reply, { body }) {
    const request = isRecord(body) ? body : {};
    const model = String(request.model ?? "");
    const block =
      reply.kind === "tool-call"
        ? { type: "tool_use", id: reply.callId, name: reply.name, input: reply.arguments }
        : { type: "text", text: replyText(reply) };
    const stopReason = reply.kind === "tool-call" ? "tool_use" : "end_turn";
    const usage = { input_tokens: 100, output_tokens: 20 };
    const id = `msg_${Math.random().toString(36).slice(2)}`;
    if (request.stream !== true) {
      writeJson(response, 200, {
        id,
        type: "message",
        role: "assistant",
        model,
        content: [block],
        stop_reason: stopReason,
        stop_sequence: null,
        usage,
      });
      return;
    }
    startEvents(response);
    const send = (event: string, data: Record<string, unknown>) =>
      response.write(formatEvent({ event, data: { type: event, ...data } }));
    send("message_start", {
      message: {
        id,
        type: "message",
        role: "assistant",
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { ...usage, output_tokens: 1 },
      },
    });
    streamBlock(send, reply);
    send("message_delta", { delta: { stop_reason: stopReason, stop_sequence: null }, usage });
    send("message_stop", {});
    response.end();
  },
};

/** The reply's one content block, started empty, filled by one delta, and stopped. */
function streamBlock(send: (event: string, data: Record<string, unknown>) => void, reply: AgentReply): void {
  if (reply.kind === "tool-call") {
    send("content_block_start", {
      index: 0,
      content_block: { type: "tool_use", id: reply.callId, name: reply.name, input: {} },
    });
    send("content_block_delta", {
      index: 0,
      delta: { type: "input_json_delta", partial_json: JSON.stringify(reply.arguments) },
    });
  } else {
    send("content_block_start", { index: 0, content_block: { type: "text", text: "" } });
    send("content_block_delta", { index: 0, delta: { type: "text_delta", text: replyText(reply) } });
  }
  send("content_block_stop", { index: 0 });
}

/** Claude Code's token count (`POST /v1/messages/count_tokens`): a rough count of the body. */
export function writeTokenCount(response: ServerResponse, text: string): void {
  writeJson(response, 200, { input_tokens: Math.ceil(text.length / 4) });
}
