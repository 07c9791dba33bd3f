// One pipeline for every turn: find the conversation, read its context, ask (one model, or a panel
// plus synthesis), record. The strategies differ only in how they ask and what their answer is, so
// the rules of a turn (when the question is stamped, how a failed write is reported, how the title is
// chosen) hold for every turn alike.

import type { Message } from "../../store/store.ts";
import type { ConsultationServices, RunOptions } from "../consultation-services.ts";
import type { fitPlanToBudget } from "../planning/cost-budget.ts";
import type { Attachment } from "./attachments.ts";
import { findConversationForTurn } from "./find-conversation.ts";
import { type LateOpinion, storeLateOpinions } from "./late-opinions.ts";
import type { IdempotencyStamp, StoredTurn } from "./record-turn.ts";
import { outcomeOf, recordTurn, type TurnOutcome } from "./record-turn.ts";

/** Most earlier messages read as context; the context builder trims further to each model's window. */
export const contextMessages = 200;

/** What a strategy answered, ready to store. */
export interface TurnAnswer<Answer> {
  answer: Answer;
  /** The assistant message's content. */
  text: string;
  /** The assistant message's metadata. */
  metadata: Record<string, unknown>;
  /** Models still running when the answer was given; their opinions are added to the stored turn. */
  late?: LateOpinion[];
}

/** A way of answering a turn. */
export interface TurnStrategy<Answer> {
  /** Asks the model(s). Throws ServiceError when there is nothing worth storing (or on cancel). */
  ask(question: string, history: readonly Message[], options: RunOptions): Promise<TurnAnswer<Answer>>;
  /**
   * The models `ask` would call and what they may cost, fitted to the cost policy as `ask` fits them,
   * without calling any. Throws as `ask` would before its first call (budget_exceeded...).
   */
  estimate(question: string, history: readonly Message[]): TurnEstimate;
}

/** What a turn would ask and cost (see cost-budget.ts). */
export type TurnEstimate = Pick<ReturnType<typeof fitPlanToBudget>, "plan" | "report" | "worstCaseUsd">;

/** One turn asked by a verified owner. */
export interface TurnRequest {
  owner: string;
  question: string;
  conversationId?: string | undefined;
  title?: string | undefined;
  /** Files asked about, stored with the question. */
  attachments?: readonly Attachment[] | undefined;
}

/** Runs a turn through `strategy` and records it with `stamp` (when the caller sent a key). */
export async function runTurn<Answer>(
  request: TurnRequest,
  strategy: TurnStrategy<Answer>,
  services: ConsultationServices,
  options: RunOptions,
  stamp?: IdempotencyStamp,
): Promise<TurnOutcome<Answer>> {
  const { store, newId, clock } = services;
  const { conversations, conversation, history } = await readContext(request, services);
  const askedAt = clock().toISOString();
  const asked = await strategy.ask(request.question, history, options);
  const outcome = await recordTurn(
    {
      owner: request.owner,
      conversation,
      conversationId: conversation?.id ?? newId(),
      question: request.question,
      attachments: request.attachments ?? [],
      title: request.title,
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
  // Runs on after the answer: each late opinion goes into the stored turn as it lands.
  // The caller's progress channel is closed by then: the caller hears of them through onLateOpinion.
  const late =
    asked.late && asked.late.length > 0
      ? storeLateOpinions(conversations, store.broadcast, assistantId ?? "", asked.late, (opinion, stored) =>
          options.onLateOpinion?.(opinion, stored && assistantId !== null),
        )
      : Promise.resolve();
  void late.catch(() => {}).then(() => options.onTurnSettled?.());
  return outcome;
}

/**
 * What `strategy` would ask and cost for `request`, with the conversation so far read as runTurn
 * reads it; no model is called and nothing is stored.
 */
export async function estimateTurn<Answer>(
  request: TurnRequest,
  strategy: TurnStrategy<Answer>,
  services: ConsultationServices,
): Promise<TurnEstimate> {
  const { history } = await readContext(request, services);
  return strategy.estimate(request.question, history);
}

/** The conversation a turn continues (undefined: a new one) and its recent messages. */
async function readContext(request: TurnRequest, services: ConsultationServices) {
  const conversations = services.store.conversations.of(request.owner);
  const conversation = await findConversationForTurn(conversations, request.conversationId);
  const history = conversation
    ? await conversations.readRecentMessages(conversation.id, contextMessages)
    : [];
  return { conversations, conversation, history };
}

/** The outcome of a stored turn, for an idempotent replay; `readAnswer` reads the strategy's answer back. */
export function replayTurn<Answer>(
  turn: StoredTurn,
  readAnswer: (assistant: Message) => Answer,
): TurnOutcome<Answer> {
  return outcomeOf(turn, readAnswer(turn.assistant));
}
