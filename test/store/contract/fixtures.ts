// Builders shared by the store contract cases: a fake clock, messages and turns.

import { randomUUID } from "node:crypto";
import type { MessageRole, NewMessage, SavedTurn, Store, TurnInput } from "../../../src/store/store.ts";

/** Returns increasing ISO-8601 times, one second apart, from a fixed start. */
export function createClock(start = Date.UTC(2026, 0, 1)): () => string {
  let tick = 0;
  return () => new Date(start + 1000 * tick++).toISOString();
}

/** A message to append, with a fresh id. */
export function newMessage(
  role: MessageRole,
  content: string,
  createdAt: string,
  details: { userId?: string | null; metadata?: Record<string, unknown> } = {},
): NewMessage {
  return {
    id: randomUUID(),
    role,
    content,
    userId: details.userId ?? null,
    createdAt,
    metadata: details.metadata ?? {},
  };
}

/** A user question followed by an assistant answer, each at the clock's next time. */
export function questionAndAnswer(
  clock: () => string,
  question = "What is the capital of France?",
  answer = "Paris.",
): NewMessage[] {
  return [newMessage("user", question, clock()), newMessage("assistant", answer, clock())];
}

/** The turn that creates conversation `id` for `userId`. */
export function creatingTurn(
  clock: () => string,
  details: { id?: string; userId?: string | null; title?: string } = {},
): TurnInput {
  return {
    conversationId: details.id ?? randomUUID(),
    create: { userId: details.userId ?? null, title: details.title ?? "A question", createdAt: clock() },
    messages: questionAndAnswer(clock),
  };
}

/** Creates a conversation with one turn and returns what was stored. */
export function createConversation(
  store: Store,
  clock: () => string,
  details: { id?: string; userId?: string | null; title?: string } = {},
): Promise<SavedTurn> {
  return store.saveTurn(creatingTurn(clock, details));
}

/** Appends one question-and-answer turn to an existing conversation. */
export function appendTurn(store: Store, clock: () => string, conversationId: string): Promise<SavedTurn> {
  return store.saveTurn({ conversationId, messages: questionAndAnswer(clock) });
}

/** Every message of a conversation, oldest first, read in one page. */
export async function readAll(store: Store, conversationId: string) {
  const page = await store.readMessages(conversationId, { limit: 10_000 });
  return page.messages;
}
