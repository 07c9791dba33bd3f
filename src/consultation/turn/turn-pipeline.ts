// What every turn shares: the strategies (one model, or a panel plus synthesis) differ only in how they
// ask and what their answer is; the conversation a turn continues is read the same way for each, and a
// stored turn is replayed the same way. Asking is consult.ts; recording the answer is the caller's step
// (record-turn.ts, late-opinions.ts).

import type { Message } from "../../store/store.ts";
import type { ConsultationServices, RunOptions } from "../consultation-services.ts";
import type { fitPlanToBudget } from "../planning/cost-budget.ts";
import type { Attachment } from "./attachments.ts";
import { findConversationForTurn } from "./find-conversation.ts";
import type { LateOpinion } from "./late-opinions.ts";
import type { StoredTurn } from "./record-turn.ts";
import { outcomeOf, type TurnOutcome } from "./record-turn.ts";

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

/** The conversation a turn continues (undefined: a new one) and its recent messages. */
export async function readTurnContext(request: TurnRequest, services: ConsultationServices) {
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
