// Writes one exchange (the caller's message and the model's answer) as a single atomic turn:
// creating or renaming the conversation and storing the idempotency key in the same transaction.

import type { IdempotencyStamp } from "../conversations/idempotency.ts";
import type { ConversationRecord, MessageRecord, Store } from "../store/store.ts";

/** Longest automatic title kept, in characters. */
export const titleLength = 80;

/** A short one-line title from the first question. */
export function titleFromQuestion(question: string): string {
  const line = question.replace(/\s+/g, " ").trim();
  if (line.length <= titleLength) return line;
  const cut = line.slice(0, titleLength - 1);
  const space = cut.lastIndexOf(" ");
  return `${space > titleLength / 2 ? cut.slice(0, space) : cut}…`;
}

/** One exchange to store. */
export interface Exchange {
  /** The conversation being continued; undefined to create `conversationId`. */
  conversation: ConversationRecord | undefined;
  conversationId: string;
  userId: string | null;
  question: string;
  answer: string;
  answerMetadata: Record<string, unknown>;
  /** An explicit title: names a new conversation, or renames an existing one. */
  title?: string;
  stamp?: IdempotencyStamp;
  askedAt: string;
  answeredAt: string;
}

/** What was stored. */
export interface SavedExchange {
  conversation: ConversationRecord;
  user: MessageRecord;
  assistant: MessageRecord;
  created: boolean;
}

/** Stores the exchange. Throws the store's errors (IdempotencyConflictError included). */
export async function saveExchange(
  exchange: Exchange,
  store: Store,
  newId: () => string,
): Promise<SavedExchange> {
  const created = exchange.conversation === undefined;
  const title = exchange.title ?? titleFromQuestion(exchange.question);
  const saved = await store.saveTurn({
    conversationId: exchange.conversationId,
    ...(created ? { create: { userId: exchange.userId, title, createdAt: exchange.askedAt } } : {}),
    ...(!created && exchange.title !== undefined ? { title: exchange.title } : {}),
    messages: [
      {
        id: newId(),
        role: "user",
        content: exchange.question,
        userId: exchange.userId,
        createdAt: exchange.askedAt,
        metadata: {},
      },
      {
        id: newId(),
        role: "assistant",
        content: exchange.answer,
        userId: exchange.userId,
        createdAt: exchange.answeredAt,
        metadata: exchange.answerMetadata,
      },
    ],
    ...(exchange.stamp
      ? { idempotency: { ...exchange.stamp, conversationCreated: created, createdAt: exchange.askedAt } }
      : {}),
  });
  const [user, assistant] = saved.messages;
  if (!user || !assistant) throw new Error("the store returned fewer messages than it was given");
  return { conversation: saved.conversation, user, assistant, created };
}
