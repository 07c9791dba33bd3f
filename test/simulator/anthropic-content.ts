// The content blocks and usage of an Anthropic Messages answer, shaped after the AI SDK's recordings
// `anthropic-web-search-tool.1.json` / `.1.chunks.txt`, `anthropic-clear-thinking.1.chunks.txt` and
// `anthropic-claude-opus-5-reasoning-high.1.json` (packages/anthropic/src/__fixtures__). Order: a
// `thinking` block (its text empty when the request asked for `display: "omitted"`, always signed); per
// search query a `server_tool_use` block and its `web_search_tool_result` (every source under the first
// query); then the answer, as a text block whose `citations` are `web_search_result_location`s, or as the
// forced json tool's `tool_use` block. Usage: `input_tokens` excludes the cache reads and writes reported
// beside it, `output_tokens` includes the thinking tokens that `output_tokens_details.thinking_tokens`
// repeats (as the recording of claude-opus-5 does), and `server_tool_use.web_search_requests` counts the
// searches.

import type { SimulatedUsage } from "./behaviour.ts";
import { isRecord, type SimulatedReply, splitIntoDeltas } from "./protocol.ts";
import { reasoningSignature } from "./reasoning.ts";

/** One content block: whole (for a JSON body), opened (`content_block_start`) and its deltas. */
export interface ContentBlock {
  whole: Record<string, unknown>;
  start: Record<string, unknown>;
  deltas: Record<string, unknown>[];
}

/** The answer's content blocks, in order. */
export function contentBlocks(reply: SimulatedReply): ContentBlock[] {
  const blocks: ContentBlock[] = [];
  if (reply.reasoning) blocks.push(thinkingBlock(reply));
  (reply.search?.queries ?? []).forEach((query, index) => {
    blocks.push(...searchBlocks(reply, query, index));
  });
  const tool = toolUseOf(reply);
  if (tool) {
    blocks.push({
      whole: { ...tool.block, input: tool.input },
      start: { ...tool.block, input: {} },
      deltas: splitIntoDeltas(reply.toolCall ? JSON.stringify(tool.input) : reply.text, reply.pieceChars).map(
        (text) => ({
          type: "input_json_delta",
          partial_json: text,
        }),
      ),
    });
    return blocks;
  }
  const citations = citationsOf(reply);
  const cited = citations.length > 0 ? { citations } : {};
  blocks.push({
    whole: { type: "text", text: reply.text, ...cited },
    start: { type: "text", text: "", ...(citations.length > 0 ? { citations: [] } : {}) },
    deltas: [
      ...citations.map((citation) => ({ type: "citations_delta", citation })),
      ...splitIntoDeltas(reply.text, reply.pieceChars).map((text) => ({ type: "text_delta", text })),
    ],
  });
  return blocks;
}

/** Whether the answer ends with the forced json tool's call rather than text. */
export function endsWithToolUse(reply: SimulatedReply): boolean {
  return toolUseOf(reply) !== undefined;
}

/** The usage block; `input_tokens` leaves out the cached tokens. */
export function messageUsage(reply: SimulatedReply, usage: SimulatedUsage): Record<string, unknown> {
  const cacheRead = usage.cachedInputTokens ?? 0;
  const cacheWrite = usage.cacheWriteTokens ?? 0;
  const thinkingTokens = reply.reasoning?.tokens;
  return {
    input_tokens: Math.max(0, usage.inputTokens - cacheRead - cacheWrite),
    cache_creation_input_tokens: cacheWrite,
    cache_read_input_tokens: cacheRead,
    output_tokens: usage.outputTokens + (thinkingTokens ?? 0),
    ...(thinkingTokens === undefined ? {} : { output_tokens_details: { thinking_tokens: thinkingTokens } }),
    ...(reply.search
      ? { server_tool_use: { web_search_requests: reply.search.queries.length, web_fetch_requests: 0 } }
      : {}),
  };
}

function thinkingBlock(reply: SimulatedReply): ContentBlock {
  const text = reply.reasoning?.visible ? reply.reasoning.text : "";
  const signature = reasoningSignature(reply.id);
  return {
    whole: { type: "thinking", thinking: text, signature },
    start: { type: "thinking", thinking: "", signature: "" },
    deltas: [
      ...(text ? splitIntoDeltas(text).map((thinking) => ({ type: "thinking_delta", thinking })) : []),
      { type: "signature_delta", signature },
    ],
  };
}

function searchBlocks(reply: SimulatedReply, query: string, index: number): ContentBlock[] {
  const id = `srvtoolu_${reply.id}_${index}`;
  const input = JSON.stringify({ query });
  const call = { type: "server_tool_use", id, name: "web_search" };
  const results =
    index > 0
      ? []
      : reply.citations.map((citation, position) => ({
          type: "web_search_result",
          title: citation.title,
          url: citation.url,
          encrypted_content: Buffer.from(`simulated-result-${position}`).toString("base64"),
          page_age: citation.date ?? null,
        }));
  const result = { type: "web_search_tool_result", tool_use_id: id, content: results };
  const half = Math.ceil(input.length / 2);
  return [
    {
      whole: { ...call, input: { query } },
      start: { ...call, input: {} },
      deltas: ["", input.slice(0, half), input.slice(half)].map((partial_json) => ({
        type: "input_json_delta",
        partial_json,
      })),
    },
    { whole: result, start: result, deltas: [] },
  ];
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

/**
 * The answer as a `tool_use` block (its input apart, since streams send it as deltas): the tool the
 * model asks to run, or the json tool the request forced when the answer is a JSON object; otherwise the
 * answer stays text.
 */
function toolUseOf(
  reply: SimulatedReply,
): { block: Record<string, unknown>; input: Record<string, unknown> } | undefined {
  if (reply.toolCall) {
    const { name, input } = reply.toolCall;
    return { block: { type: "tool_use", id: `toolu_${reply.id}`, name }, input };
  }
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
