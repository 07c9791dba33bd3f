// Builds each consultation's result from a turn's outcome, and reads the answer back from a stored
// turn, so a fresh answer and a replayed one come out identical: `agent.second_opinion` (the seed
// schema's shape) and `conversation.send-message` (the model's reply always, and both stored messages
// when the turn was saved; persistenceStatus says when it was not).

import type { SecondOpinionResult, SendMessageResult } from "../../contract/consultation-results.ts";
import { contractMessage } from "../../contract/messages.ts";
import type { ModelOpinion, SecondOpinion } from "../../contract/opinions.ts";
import type { Message } from "../../store/store.ts";
import type { TurnOutcome } from "./record-turn.ts";

/** The conversation a turn was in, as every result names it. */
function conversationOf(outcome: TurnOutcome<unknown>) {
  const { conversationId, conversationCreated, conversationTitle } = outcome;
  return { conversationId, conversationCreated, conversationTitle };
}

/** The result of a panel turn. */
export function secondOpinionResult(outcome: TurnOutcome<SecondOpinion>): SecondOpinionResult {
  const { answer, persistenceStatus } = outcome;
  const synthesis = answer.synthesis ?? null;
  return {
    ...conversationOf(outcome),
    primary: answer.primary,
    secondaryOpinions: answer.secondaryOpinions,
    synthesis,
    userMessageId: persistenceStatus.userMessageId,
    assistantMessageId: persistenceStatus.assistantMessageId,
    persistenceStatus,
    ...(outcome.saved ? { assistantMessage: contractMessage(outcome.saved.assistant) } : {}),
    ...(synthesis ? { metadata: { secondOpinion: { ...answer, synthesis } } } : {}),
    summary: answer.summary,
    ...(answer.budget ? { budget: answer.budget } : {}),
    ...(answer.stances ? { stances: answer.stances } : {}),
    ...(answer.rounds ? { rounds: answer.rounds } : {}),
    ...(answer.review ? { review: answer.review } : {}),
    ...(answer.adaptive ? { adaptive: answer.adaptive } : {}),
    ...(answer.strategyChoice ? { strategyChoice: answer.strategyChoice } : {}),
    ...(answer.pendingModels ? { pendingModels: answer.pendingModels } : {}),
  };
}

/** The opinions of a stored panel turn. */
export function readStoredSecondOpinion(assistant: Message): SecondOpinion {
  return assistant.metadata.secondOpinion as SecondOpinion;
}

/** The result of a single-model turn. */
export function messageResult(outcome: TurnOutcome<ModelOpinion>): SendMessageResult {
  return {
    ...conversationOf(outcome),
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
