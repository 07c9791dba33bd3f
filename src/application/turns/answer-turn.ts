// One turn of a conversation, as the use cases take it: read the conversation it continues, ask (the
// engine's `consult`, which stores nothing), then record the question and answer as one atomic turn.
// The models still running at the answer-by time go on after the answer: each late opinion is written
// into the stored turn as it lands, and the turn is settled once the last one is stored.

import type { AskedAnswer, HistoryMessage } from "../../consultation/index.ts";
import type { ModelOpinion } from "../../contract/opinions.ts";
import type { ApplicationServices } from "../application-services.ts";
import { storeLateOpinions } from "./late-opinions.ts";
import { type IdempotencyStamp, recordTurn, type TurnOutcome } from "./record-turn.ts";
import { readTurnContext, type TurnRequest } from "./turn-context.ts";

/** A recorded turn, and `settled`, which resolves once no model of it runs any more. */
export interface AnsweredTurn<Answer> {
  outcome: TurnOutcome<Answer>;
  settled: Promise<void>;
}

/**
 * Answers `turn` with `ask` (given the conversation so far) and records it with `stamp` (when the
 * caller sent a key); `onLate` is told of each late opinion as it is stored (to charge its cost). A
 * failed write is reported in the outcome, never losing the answer.
 */
export async function answerTurn<Answer>(
  turn: TurnRequest,
  ask: (history: readonly HistoryMessage[]) => Promise<AskedAnswer<Answer>>,
  services: ApplicationServices,
  onLate: (opinion: ModelOpinion) => void,
  stamp?: IdempotencyStamp,
): Promise<AnsweredTurn<Answer>> {
  const { newId, clock } = services;
  const conversations = services.store.conversations.of(turn.owner);
  const { conversation, history } = await readTurnContext(
    conversations,
    turn.conversationId,
    turn.contextBefore,
  );
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
  const late = asked.late ?? [];
  const assistantId = outcome.persistenceStatus.assistantMessageId ?? "";
  const settled =
    late.length > 0
      ? storeLateOpinions(conversations, services.store.broadcast, assistantId, late, onLate).catch(() => {})
      : Promise.resolve();
  return { outcome, settled };
}
