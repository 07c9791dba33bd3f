// The output items and usage of a Responses API answer, for OpenAI and xAI, shaped after the AI SDK's
// recorded fixtures: `openai-web-search-tool.1.json`, `openai-reasoning-encrypted-content.1.json`
// (packages/openai/src/responses/__fixtures__) and `xai-web-search-tool.1.json`,
// `xai-text-with-reasoning-streaming.1.chunks.txt` (packages/xai/src/responses/__fixtures__).
// Order: a reasoning item, one `web_search_call` per query, then the message. OpenAI lists a search's
// sources in `action.sources` only when the request's `include` asks for `web_search_call.action.sources`
// (as @ai-sdk/openai does by default, which then reports those URLs, without titles, instead of the
// annotations). xAI's call carries `name` and `arguments` as its recording does, and its usage adds
// `num_sources_used` and `num_server_side_tools_used`. Annotations carry titles for both (xAI's
// recording has bare URLs; @ai-sdk/xai then uses the URL as the title).

import type { SimulatedUsage } from "./behaviour.ts";
import { isRecord, type SimulatedReply } from "./protocol.ts";
import { reasoningSignature } from "./reasoning.ts";

/** One output item: its first form (for `response.output_item.added`) and its finished form. */
export interface OutputItem {
  kind: "reasoning" | "web-search" | "message" | "function-call";
  added: Record<string, unknown>;
  done: Record<string, unknown>;
}

/** The answer's output items, in order. */
export function outputItems(reply: SimulatedReply): OutputItem[] {
  const items: OutputItem[] = [];
  if (reply.reasoning) items.push(reasoningItem(reply));
  (reply.search?.queries ?? []).forEach((query, index) => {
    items.push(webSearchItem(reply, query, index));
  });
  if (reply.toolCall) items.push(functionCallItem(reply));
  else
    items.push({ kind: "message", added: message(reply, "in_progress"), done: message(reply, "completed") });
  return items;
}

/** The response object; `status` "in_progress" leaves output and usage empty, as the first events do. */
export function response(reply: SimulatedReply, status = "completed"): Record<string, unknown> {
  const completed = status === "completed";
  return {
    id: `resp_${reply.id}`,
    object: "response",
    created_at: reply.created,
    status,
    error: null,
    incomplete_details: null,
    model: reply.model,
    output: completed ? outputItems(reply).map((item) => item.done) : [],
    usage: completed && reply.usage ? responsesUsage(reply, reply.usage) : null,
  };
}

/** The `output_text` part of the message, with its `url_citation` annotations. */
export function outputText(reply: SimulatedReply): Record<string, unknown> {
  return { type: "output_text", text: reply.text, annotations: annotations(reply), logprobs: [] };
}

/** The answer's `url_citation` annotations, each spanning the whole text. */
export function annotations(reply: SimulatedReply): Record<string, unknown>[] {
  return reply.citations.map((citation) => ({
    type: "url_citation",
    start_index: 0,
    end_index: reply.text.length,
    url: citation.url,
    title: citation.title,
  }));
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

/** The tool the model asks to run, as a `function_call` item; its arguments stream as one delta. */
function functionCallItem(reply: SimulatedReply): OutputItem {
  const call = {
    type: "function_call",
    id: `fc_${reply.id}`,
    call_id: `call_${reply.id}`,
    name: reply.toolCall?.name,
  };
  const finished = JSON.stringify(reply.toolCall?.input ?? {});
  return {
    kind: "function-call",
    added: { ...call, arguments: "", status: "in_progress" },
    done: { ...call, arguments: finished, status: "completed" },
  };
}

function reasoningItem(reply: SimulatedReply): OutputItem {
  const reasoning = reply.reasoning;
  const id = `rs_${reply.id}`;
  const encrypted = includes(reply, "reasoning.encrypted_content")
    ? { encrypted_content: reasoningSignature(reply.id) }
    : {};
  const summary = reasoning?.visible ? [{ type: "summary_text", text: reasoning.text }] : [];
  // xAI's reasoning items carry a status; OpenAI's do not.
  const status = (value: string) => (reply.provider === "xai" ? { status: value } : {});
  return {
    kind: "reasoning",
    added: { id, type: "reasoning", ...encrypted, summary: [], ...status("in_progress") },
    done: { id, type: "reasoning", ...encrypted, summary, ...status("completed") },
  };
}

function webSearchItem(reply: SimulatedReply, query: string, index: number): OutputItem {
  // The first search found every source; later ones found nothing new.
  const sources = index === 0 ? reply.citations.map((citation) => ({ type: "url", url: citation.url })) : [];
  const action = {
    type: "search",
    query,
    ...(includes(reply, "web_search_call.action.sources") ? { sources } : {}),
  };
  if (reply.provider === "xai") {
    const item = {
      id: `fc_${reply.id}_${index}`,
      type: "web_search_call",
      name: "web_search",
      arguments: JSON.stringify({ query, num_results: 5 }),
      call_id: "",
      status: "completed",
      action,
    };
    return { kind: "web-search", added: item, done: item };
  }
  const id = `ws_${reply.id}_${index}`;
  return {
    kind: "web-search",
    added: { id, type: "web_search_call", status: "in_progress" },
    done: { id, type: "web_search_call", status: "completed", action },
  };
}

/** Usage with reasoning tokens inside `output_tokens`, and cached tokens inside `input_tokens`. */
function responsesUsage(reply: SimulatedReply, usage: SimulatedUsage): Record<string, unknown> {
  const reasoningTokens = reply.reasoning?.tokens ?? 0;
  const outputTokens = usage.outputTokens + reasoningTokens;
  return {
    input_tokens: usage.inputTokens,
    input_tokens_details: { cached_tokens: usage.cachedInputTokens ?? 0 },
    output_tokens: outputTokens,
    output_tokens_details: { reasoning_tokens: reasoningTokens },
    total_tokens: usage.inputTokens + outputTokens,
    ...(reply.provider === "xai"
      ? {
          num_sources_used: reply.citations.length,
          num_server_side_tools_used: reply.search?.queries.length ?? 0,
        }
      : {}),
  };
}

/** Whether the request's `include` list names `value`. */
function includes(reply: SimulatedReply, value: string): boolean {
  const include = isRecord(reply.body) ? reply.body.include : undefined;
  return Array.isArray(include) && include.includes(value);
}
