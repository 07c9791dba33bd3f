// The Responses API event stream, for OpenAI and xAI, in the order of the AI SDK's recordings
// (`openai-web-search-tool.1.chunks.txt`, `openai-reasoning-encrypted-content.1.chunks.txt`,
// `xai-web-search-tool.1.chunks.txt`, `xai-text-with-reasoning-streaming.1.chunks.txt`): each output item
// opens with `response.output_item.added` and closes with `response.output_item.done`; a visible reasoning
// summary streams as `response.reasoning_summary_*` events, an OpenAI search reports
// `response.web_search_call.*` progress, and the text streams as `response.output_text.delta` events.
// While streaming, OpenAI reports citations as `response.output_text.annotation.added` events; the xAI
// dialect reports them only on the finished message item, because @ai-sdk/xai turns each place it sees an
// annotation into a separate source.

import {
  annotations,
  type OutputItem,
  outputItems,
  outputText,
  response,
} from "./openai-responses-output.ts";
import { type ServerSentEvent, type SimulatedReply, splitIntoDeltas } from "./protocol.ts";

/** Every event of a streamed answer, numbered. */
export function responseEvents(reply: SimulatedReply): ServerSentEvent[] {
  const events: Record<string, unknown>[] = [
    { type: "response.created", response: response(reply, "in_progress") },
    { type: "response.in_progress", response: response(reply, "in_progress") },
  ];
  outputItems(reply).forEach((item, outputIndex) => {
    events.push(
      { type: "response.output_item.added", output_index: outputIndex, item: item.added },
      ...itemEvents(reply, item, outputIndex),
      { type: "response.output_item.done", output_index: outputIndex, item: item.done },
    );
  });
  events.push({ type: "response.completed", response: response(reply) });
  return events.map((event, index) => ({
    event: String(event.type),
    data: { ...event, sequence_number: index },
  }));
}

function itemEvents(reply: SimulatedReply, item: OutputItem, outputIndex: number): Record<string, unknown>[] {
  const itemId = String(item.done.id);
  switch (item.kind) {
    case "reasoning":
      return reasoningEvents(reply, itemId, outputIndex);
    case "web-search":
      if (reply.provider === "xai") return [];
      return ["in_progress", "searching", "completed"].map((stage) => ({
        type: `response.web_search_call.${stage}`,
        output_index: outputIndex,
        item_id: itemId,
      }));
    case "message":
      return messageEvents(reply, itemId, outputIndex);
    case "function-call": {
      const position = { item_id: itemId, output_index: outputIndex };
      const finished = String(item.done.arguments);
      return [
        { type: "response.function_call_arguments.delta", ...position, delta: finished },
        { type: "response.function_call_arguments.done", ...position, arguments: finished },
      ];
    }
  }
}

function reasoningEvents(
  reply: SimulatedReply,
  itemId: string,
  outputIndex: number,
): Record<string, unknown>[] {
  const reasoning = reply.reasoning;
  if (!reasoning?.visible) return [];
  const position = { item_id: itemId, output_index: outputIndex, summary_index: 0 };
  const part = { type: "summary_text", text: reasoning.text };
  return [
    { type: "response.reasoning_summary_part.added", ...position, part: { ...part, text: "" } },
    ...splitIntoDeltas(reasoning.text).map((delta) => ({
      type: "response.reasoning_summary_text.delta",
      ...position,
      delta,
    })),
    { type: "response.reasoning_summary_text.done", ...position, text: reasoning.text },
    { type: "response.reasoning_summary_part.done", ...position, part },
  ];
}

function messageEvents(
  reply: SimulatedReply,
  itemId: string,
  outputIndex: number,
): Record<string, unknown>[] {
  const position = { item_id: itemId, output_index: outputIndex, content_index: 0 };
  const events: Record<string, unknown>[] = [
    {
      type: "response.content_part.added",
      ...position,
      part: { type: "output_text", text: "", annotations: [] },
    },
  ];
  for (const delta of splitIntoDeltas(reply.text, reply.pieceChars)) {
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
  );
  return events;
}
