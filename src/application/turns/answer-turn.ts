// One turn of a conversation, as the use cases take it: read the conversation it continues, ask (the
// engine's `consult`, which stores nothing), then record the question and answer as one atomic turn.
// The models still running at the answer-by time go on after the answer: each late opinion is written
// into the stored turn as it lands, and the caller is told through onLateOpinion and onTurnSettled.

import type { HistoryTurn, LateOpinion, RunOptions, TurnAnswer } from "../../consultation/index.ts";
import type { ApplicationServices } from "../application-services.ts";
import { storeLateOpinions } from "./late-opinions.ts";
import { type IdempotencyStamp, recordTurn, type TurnOutcome } from "./record-turn.ts";
import { readTurnContext, type TurnRequest } from "./turn-context.ts";

/**
 * Answers `turn` with `ask` (given the conversation so far) and records it with `stamp` (when the
 * caller sent a key). A failed write is reported in the outcome, never losing the answer.
 */
export async function answerTurn<Answer>(
  turn: TurnRequest,
  ask: (history: readonly HistoryTurn[]) => Promise<TurnAnswer<Answer>>,
  services: ApplicationServices,
  options: RunOptions,
  stamp?: IdempotencyStamp,
): Promise<TurnOutcome<Answer>> {
  const { newId, clock } = services;
  const conversations = services.store.conversations.of(turn.owner);
  const { conversation, history } = await readTurnContext(conversations, turn.conversationId);
  const askedAt = clock().toISOString();
  const asked = await ask(history);
  const outcome = await recordTurn(
    {
      owner: turn.owner,
      conversation,
      conversationId: conversation?.id ?? newId(),
      question: turn.question,
      attachments: turn.attachments ?? [],
      title: turn.title,
      answer: asked.answer,
      answerText: asked.text,
      answerMetadata: asked.metadata,
      stamp,
      askedAt,
      answeredAt: clock().toISOString(),
    },
    conversations,
    newId,
  );
  const assistantId = outcome.persistenceStatus.assistantMessageId;
  // The caller's progress channel is closed by then: the caller hears of them through onLateOpinion.
  const late = storeLate(asked.late ?? [], (opinions) =>
    storeLateOpinions(
      conversations,
      services.store.broadcast,
      assistantId ?? "",
      opinions,
      (opinion, stored) => options.onLateOpinion?.(opinion, stored && assistantId !== null),
    ),
  );
  void late.catch(() => {}).then(() => options.onTurnSettled?.());
  return outcome;
}

/** Runs `store` over the late opinions, when there are any. */
function storeLate(late: readonly LateOpinion[], store: (late: readonly LateOpinion[]) => Promise<void>) {
  return late.length > 0 ? store(late) : Promise.resolve();
}
