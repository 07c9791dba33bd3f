// Stores a consultation's question and answer as one atomic turn. A storage failure never loses the
// answer: the result still carries it, and persistenceStatus.error says why it was not saved.

import type { ConversationRecord } from "../store/store.ts";
import type { ConsultationServices, SecondOpinionRequest } from "./consult.ts";
import type { ContextTrim } from "./conversation-context.ts";
import {
  type SecondOpinionRecord,
  type SecondOpinionResult,
  secondOpinionResult,
} from "./second-opinion-result.ts";

/** Longest title kept, in characters. */
export const titleLength = 80;

/** A short one-line title from the first question. */
export function titleFromQuestion(question: string): string {
  const line = question.replace(/\s+/g, " ").trim();
  if (line.length <= titleLength) return line;
  const cut = line.slice(0, titleLength - 1);
  const space = cut.lastIndexOf(" ");
  return `${space > titleLength / 2 ? cut.slice(0, space) : cut}…`;
}

/** Saves the turn and builds the result. */
export async function persistTurn(
  turn: {
    request: SecondOpinionRequest;
    conversation: ConversationRecord | undefined;
    record: SecondOpinionRecord;
    answer: string;
    trims: Record<string, ContextTrim>;
  },
  services: ConsultationServices,
): Promise<SecondOpinionResult> {
  const { request, conversation, record } = turn;
  const conversationId = conversation?.id ?? services.newId();
  const title = conversation ? conversation.title : titleFromQuestion(request.question);
  const created = conversation === undefined;
  const askedAt = services.clock().toISOString();
  const metadata = {
    secondOpinion: record,
    ...(Object.keys(turn.trims).length > 0 ? { contextTrim: turn.trims } : {}),
  };
  try {
    const saved = await services.store.saveTurn({
      conversationId,
      ...(created ? { create: { userId: request.userId, title: title ?? "", createdAt: askedAt } } : {}),
      messages: [
        {
          id: services.newId(),
          role: "user",
          content: request.question,
          userId: request.userId,
          createdAt: askedAt,
          metadata: {},
        },
        {
          id: services.newId(),
          role: "assistant",
          content: turn.answer,
          userId: request.userId,
          createdAt: services.clock().toISOString(),
          metadata,
        },
      ],
    });
    const [user, assistant] = saved.messages;
    if (!user || !assistant) throw new Error("the store returned fewer messages than it was given");
    return secondOpinionResult({
      conversationId,
      conversation: saved.conversation,
      title,
      created,
      record,
      saved: { user, assistant },
    });
  } catch (error) {
    const reason = `The answer was not saved: ${(error as Error).message}. Retry the question to store it.`;
    return secondOpinionResult({ conversationId, title, created, record, saved: { error: reason } });
  }
}
