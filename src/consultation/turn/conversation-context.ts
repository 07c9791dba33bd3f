// Turns a conversation's earlier messages into model context, trimmed to the model's context window
// by a conservative token estimate. The newest turns are kept.

import type { ModelMessage } from "ai";
import type { Message } from "../../store/store.ts";

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
  history: readonly Message[],
  question: string,
  instructions: string,
  contextWindow: number,
): { messages: ModelMessage[]; trim: ContextTrim } {
  const reserve = Math.min(answerReserveTokens, Math.floor(contextWindow / 4));
  let budget = contextWindow - reserve - estimateTokens(question) - estimateTokens(instructions);
  const kept: Message[] = [];
  for (let index = history.length - 1; index >= 0; index -= 1) {
    const message = history[index] as Message;
    if (message.role === "system") continue;
    const cost = estimateTokens(contextTextOf(message));
    if (cost > budget) break;
    budget -= cost;
    kept.unshift(message);
  }
  while (kept[0]?.role === "assistant") kept.shift();
  const messages: ModelMessage[] = kept.map((message) =>
    message.role === "user"
      ? { role: "user", content: message.content }
      : { role: "assistant", content: contextTextOf(message) },
  );
  messages.push({ role: "user", content: question });
  const relevant = history.filter((message) => message.role !== "system").length;
  const estimatedTokens = kept.reduce((sum, message) => sum + estimateTokens(contextTextOf(message)), 0);
  return {
    messages,
    trim: { keptMessages: kept.length, droppedMessages: relevant - kept.length, estimatedTokens },
  };
}

/**
 * What a model reads of an earlier message: its content, and for an answer given before every model
 * had answered, the opinions that landed afterwards.
 */
function contextTextOf(message: Message): string {
  const second = message.metadata.secondOpinion as
    | { primary?: LateCandidate; secondaryOpinions?: LateCandidate[] }
    | undefined;
  const late = [second?.primary, ...(second?.secondaryOpinions ?? [])].filter(
    (opinion): opinion is LateCandidate => opinion?.late === true && opinion.error !== true,
  );
  if (late.length === 0) return message.content;
  const added = late.map((opinion) => `${opinion.model}, after this answer was given:\n${opinion.response}`);
  return [message.content, ...added].join("\n\n");
}

/** The fields of a stored opinion that tell whether it landed late. */
interface LateCandidate {
  model: string;
  response: string;
  late?: boolean;
  error?: boolean;
}
