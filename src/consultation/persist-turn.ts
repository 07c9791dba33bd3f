// Stores a consultation's question and answer as one atomic turn. A storage failure never loses the
// answer: the result still carries it, and persistenceStatus.error says why it was not saved.

import { type IdempotencyStamp, loadStoredTurn } from "../conversations/idempotency.ts";
import {
  type ConversationRecord,
  IdempotencyConflictError,
  type IdempotencyRecord,
  type Store,
} from "../store/store.ts";
import type { ConsultationServices, SecondOpinionRequest } from "./consult.ts";
import type { ContextTrim } from "./conversation-context.ts";
import { saveExchange, titleFromQuestion } from "./save-exchange.ts";
import {
  type SecondOpinionRecord,
  type SecondOpinionResult,
  secondOpinionResult,
} from "./second-opinion-result.ts";

/** Saves the turn and builds the result. Rethrows IdempotencyConflictError for the idempotency gate. */
export async function persistTurn(
  turn: {
    request: SecondOpinionRequest;
    conversation: ConversationRecord | undefined;
    record: SecondOpinionRecord;
    answer: string;
    trims: Record<string, ContextTrim>;
    stamp: IdempotencyStamp | undefined;
  },
  services: ConsultationServices,
): Promise<SecondOpinionResult> {
  const { request, conversation, record } = turn;
  const conversationId = conversation?.id ?? services.newId();
  const title = request.title ?? conversation?.title ?? titleFromQuestion(request.question);
  const created = conversation === undefined;
  try {
    const saved = await saveExchange(
      {
        conversation,
        conversationId,
        userId: request.userId,
        question: request.question,
        answer: turn.answer,
        answerMetadata: {
          secondOpinion: record,
          ...(Object.keys(turn.trims).length > 0 ? { contextTrim: turn.trims } : {}),
        },
        ...(request.title !== undefined ? { title: request.title } : {}),
        ...(turn.stamp ? { stamp: turn.stamp } : {}),
        askedAt: services.clock().toISOString(),
        answeredAt: services.clock().toISOString(),
      },
      services.store,
      services.newId,
    );
    return secondOpinionResult({
      conversationId,
      conversation: saved.conversation,
      title,
      created,
      record,
      saved: { user: saved.user, assistant: saved.assistant },
    });
  } catch (error) {
    if (error instanceof IdempotencyConflictError) throw error;
    const reason = `The answer was not saved: ${(error as Error).message}. Retry the question to store it.`;
    return secondOpinionResult({ conversationId, title, created, record, saved: { error: reason } });
  }
}

/** Rebuilds the result of an earlier consultation from its stored turn (for idempotent retries). */
export async function replaySecondOpinion(
  stored: IdempotencyRecord,
  store: Store,
): Promise<SecondOpinionResult> {
  const { conversation, user, assistant } = await loadStoredTurn(stored, store);
  const record = assistant.metadata.secondOpinion as SecondOpinionRecord;
  return secondOpinionResult({
    conversationId: conversation.id,
    conversation,
    title: conversation.title,
    created: stored.conversationCreated,
    record,
    saved: { user, assistant },
  });
}
