// The contract between the simulator's server and the modules that speak each provider's wire protocol.

import type { JsonSchema } from "../../src/providers/schema-sample.ts";
import type { Attachment } from "./attachments.ts";
import type {
  PromptSummary,
  SimulatedCitation,
  SimulatedReasoning,
  SimulatedSearch,
  SimulatedToolCall,
  SimulatedUsage,
} from "./behaviour.ts";

/** The wire protocols the simulator speaks. */
export type ProtocolName =
  | "openai-chat"
  | "openai-responses"
  | "anthropic-messages"
  | "gemini-generate-content";

/** A request for JSON output, in whichever form the protocol asks for it. */
export interface StructuredOutput {
  /** The JSON Schema the answer must match; absent for plain JSON mode (`json_object`). */
  schema?: JsonSchema;
  /** The forced tool whose input carries the answer (Anthropic's fallback); absent when the answer is text. */
  tool?: string;
}

/** A request's reasoning setting, when it enables reasoning. */
export interface ReasoningRequest {
  /** The vendor returns the thought text (or its summary), not only the tokens it cost. */
  visible: boolean;
}

/** What a protocol module reads from an incoming request. */
export interface ParsedRequest {
  model: string;
  stream: boolean;
  prompt: PromptSummary;
  /** Present when the request asks for JSON output. */
  structured?: StructuredOutput;
  /** The request asks for the vendor's own web search tool (Perplexity always searches). */
  search: boolean;
  /** Present when the request enables reasoning. */
  reasoning?: ReasoningRequest;
  /** Images and documents in the messages. */
  attachments: Attachment[];
  /** The last turn carries the result of a tool the model asked to run. */
  toolResult?: boolean;
}

/** Everything a protocol module needs to render a successful answer. */
export interface SimulatedReply {
  /** First path segment, e.g. "openai" or "perplexity"; selects provider dialects. */
  provider: string;
  model: string;
  stream: boolean;
  text: string;
  usage: SimulatedUsage | null;
  /** Empty unless the model searched. */
  citations: SimulatedCitation[];
  /** Present when the request asked for web search. */
  search?: SimulatedSearch;
  /** Present when the request enabled reasoning. */
  reasoning?: SimulatedReasoning & ReasoningRequest;
  /** The request's structured output, when it asked for one. */
  structured?: StructuredOutput;
  /** Stream the text in pieces of this many characters (the behaviour's `pieceChars`), not word by word. */
  pieceChars?: number;
  /** Ask the client to run this tool instead of answering. */
  toolCall?: SimulatedToolCall;
  /** Unique per response, used for the protocol's response and item ids. */
  id: string;
  /** Unix seconds. */
  created: number;
  /** The parsed request body, for request-dependent options such as `stream_options`. */
  body: unknown;
}

/** One server-sent event; string data is written verbatim (used for malformed streams). */
export interface ServerSentEvent {
  event?: string;
  data: unknown;
}

/** A rendered response body. */
export type Rendered =
  | { kind: "json"; body: unknown }
  | { kind: "events"; events: ServerSentEvent[]; done?: boolean }
  | { kind: "raw"; contentType: string; text: string };

/** A body cut off mid-JSON: as a single server-sent event when streaming, else as the whole body. */
export function truncatedReply(stream: boolean, text: string, event?: ServerSentEvent): Rendered {
  return stream
    ? { kind: "events", events: [event ?? { data: text }] }
    : { kind: "raw", contentType: "application/json", text };
}

/** A provider wire protocol: how to read its requests and write its answers. */
export interface Protocol {
  name: ProtocolName;
  /** Reads the model, the stream flag and the prompt text; `url` carries path and query. */
  parse(body: unknown, url: URL): ParsedRequest;
  /** Renders an answer as JSON or as the protocol's event stream, following `reply.stream`. */
  render(reply: SimulatedReply, url: URL): Rendered;
  /** A 200 response that the provider's parser must reject. */
  malformed(stream: boolean, url: URL): Rendered;
}

/**
 * Splits text into small pieces for streaming: `pieceChars` characters each when given, else word by word,
 * keeping whitespace attached to the following word.
 */
export function splitIntoDeltas(text: string, pieceChars?: number): string[] {
  if (pieceChars !== undefined && pieceChars > 0) {
    const pieces: string[] = [];
    for (let start = 0; start < text.length; start += pieceChars)
      pieces.push(text.slice(start, start + pieceChars));
    return pieces.length > 0 ? pieces : [""];
  }
  const pieces: string[] = text.match(/\s*\S+/g) ?? [];
  const trailing = text.length - pieces.join("").length;
  if (trailing > 0) pieces.push(text.slice(text.length - trailing));
  return pieces.length > 0 ? pieces : [""];
}

/** Collects the text of a message content that is either a string or an array of typed parts. */
export function textOfContent(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((part) => (isRecord(part) && typeof part.text === "string" ? part.text : ""))
    .filter((text) => text.length > 0)
    .join("\n");
}

/** The provider a request path names: its first segment, e.g. "openai" or "perplexity". */
export function providerOf(url: URL): string {
  return url.pathname.split("/").find((segment) => segment.length > 0) ?? "";
}

/** Whether `content` (a message's parts) holds a part that `isResult` says is a tool's result. */
export function holdsToolResult(
  content: unknown,
  isResult: (part: Record<string, unknown>) => boolean,
): boolean {
  return Array.isArray(content) && content.some((part) => isRecord(part) && isResult(part));
}

/** Narrows an unknown JSON value to an object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Builds a prompt summary from (role, text) pairs; the user role name differs per protocol. The system
 * text joins every "system" and "developer" message.
 */
export function summarisePrompt(messages: { role: string; text: string }[], userRole: string): PromptSummary {
  const userMessages = messages.filter((message) => message.role === userRole);
  const systemMessages = messages.filter(
    (message) => message.role === "system" || message.role === "developer",
  );
  return {
    lastUserText: userMessages.at(-1)?.text ?? "",
    system: systemMessages.map((message) => message.text).join("\n"),
    totalCharacters: messages.reduce((sum, message) => sum + message.text.length, 0),
  };
}
