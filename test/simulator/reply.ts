// Turns the behaviour book's answer into what a protocol module renders: the scripted text, usage, sources
// and reasoning next to the request's own settings, with fresh ids.

import type { AnswerOutcome } from "./behaviour.ts";
import type { ParsedRequest, SimulatedReply } from "./protocol.ts";

/** The reply to render for `outcome`; `provider` is the path's first segment, `body` the parsed request. */
export function replyOf(
  outcome: AnswerOutcome,
  parsed: ParsedRequest,
  provider: string,
  body: unknown,
): SimulatedReply {
  const { text, usage, citations, search, reasoning, pieceChars, toolCall } = outcome;
  return {
    provider,
    model: parsed.model,
    stream: parsed.stream,
    text,
    usage,
    citations,
    ...(search ? { search } : {}),
    ...(reasoning && parsed.reasoning ? { reasoning: { ...reasoning, ...parsed.reasoning } } : {}),
    ...(parsed.structured ? { structured: parsed.structured } : {}),
    ...(pieceChars !== undefined ? { pieceChars } : {}),
    ...(toolCall ? { toolCall } : {}),
    id: crypto.randomUUID().replaceAll("-", "").slice(0, 24),
    created: Math.floor(Date.now() / 1000),
    body,
  };
}
