// Turns a conversation's earlier messages into model context, trimmed to the model's context window
// by a conservative token estimate. The newest turns are kept.

import type { ModelMessage } from "ai";
import type { HistoryMessage } from "./asker.ts";

/** Tokens held back for the model's answer, at most a quarter of the window. */
const answerReserveTokens = 8192;

/** What was left out to make the context fit. */
export interface ContextTrim {
  keptMessages: number;
  droppedMessages: number;
  estimatedTokens: number;
}

/** A rough, deliberately high token estimate: about 3.5 characters a token plus framing per message. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 3.5) + 4;
}

/**
 * Builds the messages for one model: the newest earlier turns that fit `contextWindow`, then the question.
 * The context never starts with an assistant message.
 */
export function buildContext(
  history: readonly HistoryMessage[],
  question: string,
  instructions: string,
  contextWindow: number,
): { messages: ModelMessage[]; trim: ContextTrim } {
  const reserve = Math.min(answerReserveTokens, Math.floor(contextWindow / 4));
  let budget = contextWindow - reserve - estimateTokens(question) - estimateTokens(instructions);
  const kept: HistoryMessage[] = [];
  for (let index = history.length - 1; index >= 0; index -= 1) {
    const message = history[index] as HistoryMessage;
    if (message.role === "system") continue;
    const cost = estimateTokens(message.content);
    if (cost > budget) break;
    budget -= cost;
    kept.unshift(message);
  }
  while (kept[0]?.role === "assistant") kept.shift();
  const messages: ModelMessage[] = kept.map(({ role, content }) =>
    role === "user" ? { role, content } : { role: "assistant", content },
  );
  messages.push({ role: "user", content: question });
  const relevant = history.filter((message) => message.role !== "system").length;
  const estimatedTokens = kept.reduce((sum, message) => sum + estimateTokens(message.content), 0);
  return {
    messages,
    trim: { keptMessages: kept.length, droppedMessages: relevant - kept.length, estimatedTokens },
  };
}
