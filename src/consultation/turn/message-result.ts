// Builds the `conversation.send-message` result from a turn's outcome: the model's reply always,
// and both stored messages when the turn was saved (persistenceStatus says when it was not).

import type { Message } from "../../store/store.ts";
import type { ModelOpinion } from "../opinion.ts";
import type { PersistenceStatus, TurnOutcome } from "./record-turn.ts";

/** The result of `conversation.send-message`. */
export interface SendMessageResult {
  conversationId: string;
  conversationCreated: boolean;
  conversationTitle: string | null;
  /** The model's answer with its usage, whether or not it was stored. */
  reply: ModelOpinion;
  userMessage: Message | null;
  assistantMessage: Message | null;
  persistenceStatus: PersistenceStatus;
}

/** The result of a single-model turn. */
export function messageResult(outcome: TurnOutcome<ModelOpinion>): SendMessageResult {
  return {
    conversationId: outcome.conversationId,
    conversationCreated: outcome.conversationCreated,
    conversationTitle: outcome.conversationTitle,
    reply: outcome.answer,
    userMessage: outcome.saved?.user ?? null,
    assistantMessage: outcome.saved?.assistant ?? null,
    persistenceStatus: outcome.persistenceStatus,
  };
}
