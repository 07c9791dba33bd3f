// Builds the `conversation.send-message` result from a turn's outcome: the model's reply always,
// and both stored messages when the turn was saved (persistenceStatus says when it was not); and reads
// the reply back from a stored turn, so a replay comes out identical.

import type { SendMessageResult } from "../../contract/consultation-results.ts";
import { contractMessage } from "../../contract/messages.ts";
import type { ModelOpinion } from "../../contract/opinions.ts";
import type { Message } from "../../store/store.ts";
import type { TurnOutcome } from "./record-turn.ts";

/** The result of a single-model turn. */
export function messageResult(outcome: TurnOutcome<ModelOpinion>): SendMessageResult {
  return {
    conversationId: outcome.conversationId,
    conversationCreated: outcome.conversationCreated,
    conversationTitle: outcome.conversationTitle,
    reply: outcome.answer,
    userMessage: outcome.saved ? contractMessage(outcome.saved.user) : null,
    assistantMessage: outcome.saved ? contractMessage(outcome.saved.assistant) : null,
    persistenceStatus: outcome.persistenceStatus,
  };
}

/** The model's reply of a stored single-model turn: its metadata, with the message as the response. */
export function readStoredReply(assistant: Message): ModelOpinion {
  const { contextTrim: _contextTrim, ...opinion } = assistant.metadata;
  return { ...(opinion as Omit<ModelOpinion, "response">), response: assistant.content };
}
