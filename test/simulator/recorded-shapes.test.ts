// The simulator's event streams against the order of the vendors' real streams, as the AI SDK recorded
// them in its fixtures (packages/<provider>/src/**/__fixtures__ of vercel/ai). Consecutive repeats of an
// event collapse into one, so the sequences compare structure, not the number of deltas.

import assert from "node:assert/strict";
import { after, before, beforeEach, test } from "node:test";
import { type ProviderSimulator, startProviderSimulator } from "./provider-simulator.ts";

const behaviour = {
  text: "Pogačar won the 2024 Tour.",
  usage: { inputTokens: 12, outputTokens: 7 },
  reasoning: { text: "Recall the final stage in Nice.", tokens: 30 },
  citations: [{ url: "https://example.org/tour-2024", title: "Tour 2024" }],
};

let simulator: ProviderSimulator;
before(async () => {
  simulator = await startProviderSimulator();
});
after(() => simulator.close());
beforeEach(() => simulator.reset());

/** The server-sent events of a streamed POST, as parsed JSON data. */
async function streamedEvents(path: string, body: unknown): Promise<Record<string, unknown>[]> {
  const response = await fetch(`${simulator.url}${path}`, { method: "POST", body: JSON.stringify(body) });
  const text = await response.text();
  return text
    .split("\n")
    .filter((line) => line.startsWith("data: ") && line !== "data: [DONE]")
    .map((line) => JSON.parse(line.slice("data: ".length)) as Record<string, unknown>);
}

/** Names events by type (plus the item, block or delta type where it matters), dropping repeats in a row. */
function collapsed(names: string[]): string[] {
  return names.filter((name, index) => name !== names[index - 1]);
}

test("OpenAI Responses: reasoning, web search and message events in the recorded order", async () => {
  // openai-reasoning-encrypted-content.1.chunks.txt (reasoning summary) and openai-web-search-tool.1.chunks.txt.
  simulator.setBehaviour("gpt-5-shape", behaviour);
  const events = await streamedEvents("/openai/v1/responses", {
    model: "gpt-5-shape",
    stream: true,
    input: "Who won?",
    reasoning: { effort: "high", summary: "detailed" },
    tools: [{ type: "web_search" }],
  });
  const names = events.map((event) => {
    const item = event.item as { type?: string } | undefined;
    return item?.type ? `${event.type} ${item.type}` : String(event.type);
  });
  assert.deepEqual(collapsed(names), [
    "response.created",
    "response.in_progress",
    "response.output_item.added reasoning",
    "response.reasoning_summary_part.added",
    "response.reasoning_summary_text.delta",
    "response.reasoning_summary_text.done",
    "response.reasoning_summary_part.done",
    "response.output_item.done reasoning",
    "response.output_item.added web_search_call",
    "response.web_search_call.in_progress",
    "response.web_search_call.searching",
    "response.web_search_call.completed",
    "response.output_item.done web_search_call",
    "response.output_item.added message",
    "response.content_part.added",
    "response.output_text.delta",
    "response.output_text.annotation.added",
    "response.output_text.done",
    "response.content_part.done",
    "response.output_item.done message",
    "response.completed",
  ]);
  assert.deepEqual(
    events.map((event) => event.sequence_number),
    events.map((_, index) => index),
  );
});

test("xAI Responses: the search call arrives whole, as recorded", async () => {
  // xai-web-search-tool.1.chunks.txt: added and done both carry the completed call, with no progress events.
  simulator.setBehaviour("grok-shape", behaviour);
  const events = await streamedEvents("/xai/v1/responses", {
    model: "grok-shape",
    stream: true,
    input: "Who won?",
    tools: [{ type: "web_search" }],
  });
  const calls = events.filter((event) => (event.item as { type?: string })?.type === "web_search_call");
  assert.deepEqual(
    calls.map((event) => [event.type, (event.item as { status: string }).status]),
    [
      ["response.output_item.added", "completed"],
      ["response.output_item.done", "completed"],
    ],
  );
  assert.equal(
    events.some((event) => String(event.type).startsWith("response.web_search_call.")),
    false,
  );
});

test("Anthropic Messages: thinking, server tool and cited text blocks in the recorded order", async () => {
  // anthropic-clear-thinking.1.chunks.txt (thinking) and anthropic-web-search-tool.1.chunks.txt (search).
  simulator.setBehaviour("claude-shape", behaviour);
  const events = await streamedEvents("/anthropic/v1/messages", {
    model: "claude-shape",
    stream: true,
    max_tokens: 1000,
    messages: [{ role: "user", content: "Who won?" }],
    thinking: { type: "enabled", budget_tokens: 1024 },
    tools: [{ type: "web_search_20250305", name: "web_search" }],
  });
  const names = events.map((event) => {
    const block = event.content_block as { type?: string } | undefined;
    const delta = event.delta as { type?: string } | undefined;
    return `${event.type} ${block?.type ?? (event.type === "content_block_delta" ? delta?.type : "")}`.trim();
  });
  assert.deepEqual(collapsed(names), [
    "message_start",
    "content_block_start thinking",
    "ping",
    "content_block_delta thinking_delta",
    "content_block_delta signature_delta",
    "content_block_stop",
    "content_block_start server_tool_use",
    "content_block_delta input_json_delta",
    "content_block_stop",
    "content_block_start web_search_tool_result",
    "content_block_stop",
    "content_block_start text",
    "content_block_delta citations_delta",
    "content_block_delta text_delta",
    "content_block_stop",
    "message_delta",
    "message_stop",
  ]);
  const finalUsage = events.find((event) => event.type === "message_delta")?.usage;
  assert.deepEqual(finalUsage, {
    input_tokens: 12,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    output_tokens: 7 + 30,
    output_tokens_details: { thinking_tokens: 30 },
    server_tool_use: { web_search_requests: 1, web_fetch_requests: 0 },
  });
});
