// The contract between the scripted agent model's server and the modules that speak each agent CLI's model
// protocol: what the script reads from a request (the tools offered, the tool result given back) and the one
// reply it writes (a tool call or a short text).

import type { ServerResponse } from "node:http";

/** The model protocols the agent CLIs speak. */
export type AgentProtocolName = "anthropic-messages" | "openai-responses" | "gemini-generate-content";

/** What the script reads from one model request. */
export interface AgentTurn {
  /** The names of the function tools offered to the model. */
  tools: string[];
  /** The tool results the request carries, by the id of the call they answer. */
  toolResults: Map<string, string>;
  /** Whether the model may search for tools that were not offered upfront (Codex's deferred MCP tools). */
  toolSearch?: boolean;
}

/** What the scripted model answers. */
export type AgentReply =
  | { kind: "tool-call"; callId: string; name: string; arguments: Record<string, unknown> }
  | { kind: "tool-search"; callId: string; query: string }
  | { kind: "text"; text: string };

/** What a reply says when it is not a call (a tool search, which only the Responses protocol has, says nothing). */
export function replyText(reply: AgentReply): string {
  return reply.kind === "text" ? reply.text : "";
}

/** One model protocol. */
export interface AgentProtocol {
  name: AgentProtocolName;
  /** Whether `path` (without the query) is a generation request of this protocol. */
  generates(path: string): boolean;
  read(body: unknown): AgentTurn;
  /** Writes `reply` to `response`, streamed when the request asked for a stream. */
  write(response: ServerResponse, reply: AgentReply, request: { body: unknown; path: string }): void;
}

/** Whether `value` is a plain object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The objects of `value` when it is an array, else none. */
export function recordsOf(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

/** The text of a tool result given as a string or as content blocks with `text` (joined as the CLI joined them). */
export function textOfBlocks(content: unknown): string {
  if (typeof content === "string") return content;
  return recordsOf(content)
    .map((block) => (typeof block.text === "string" ? block.text : JSON.stringify(block)))
    .join("\n");
}

/** Starts a server-sent event stream. */
export function startEvents(response: ServerResponse): void {
  response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
}
