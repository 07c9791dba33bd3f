// Builders shared by the store contract cases: a fake clock, messages and turns.

import { randomUUID } from "node:crypto";
import type { MessageRole, NewMessage, SavedTurn, Store, TurnInput } from "../../../src/store/store.ts";

/** The owner the cases use when owners do not matter. */
export const owner = "user-1";

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
  details: { metadata?: Record<string, unknown> } = {},
): NewMessage {
  return {
    id: randomUUID(),
    role,
    content,
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

/** The turn that creates conversation `id`. */
export function creatingTurn(clock: () => string, details: { id?: string; title?: string } = {}): TurnInput {
  return {
    conversationId: details.id ?? randomUUID(),
    create: { title: details.title ?? "A question", createdAt: clock() },
    messages: questionAndAnswer(clock),
  };
}

/** Creates a conversation of `userId` (default {@link owner}) with one turn; returns what was stored. */
export function createConversation(
  store: Store,
  clock: () => string,
  details: { id?: string; userId?: string; title?: string } = {},
): Promise<SavedTurn> {
  return store.conversations.of(details.userId ?? owner).saveTurn(creatingTurn(clock, details));
}

/** Appends one question-and-answer turn to an existing conversation of {@link owner}. */
export function appendTurn(store: Store, clock: () => string, conversationId: string): Promise<SavedTurn> {
  return store.conversations.of(owner).saveTurn({ conversationId, messages: questionAndAnswer(clock) });
}

/** Every message of a conversation, oldest first, read in one page. */
export async function readAll(store: Store, conversationId: string, userId = owner) {
  const page = await store.conversations.of(userId).readMessages(conversationId, { limit: 10_000 });
  return page.messages;
}
