// Builds the `agent.second_opinion` result (the seed schema's shape) from a turn's outcome, so a
// fresh answer and a replayed one come out identical.

import type { SecondOpinionResult } from "../../contract/consultation-results.ts";
import { contractMessage } from "../../contract/messages.ts";
import type { SecondOpinion } from "../../contract/opinions.ts";
import type { Message } from "../../store/store.ts";
import type { TurnOutcome } from "./record-turn.ts";

/** The result of a panel turn. */
export function secondOpinionResult(outcome: TurnOutcome<SecondOpinion>): SecondOpinionResult {
  const { answer, persistenceStatus } = outcome;
  const synthesis = answer.synthesis ?? null;
  return {
    conversationId: outcome.conversationId,
    conversationCreated: outcome.conversationCreated,
    conversationTitle: outcome.conversationTitle,
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
    ...(answer.pendingModels ? { pendingModels: answer.pendingModels } : {}),
  };
}

/** The opinions of a stored panel turn. */
export function readStoredSecondOpinion(assistant: Message): SecondOpinion {
  return assistant.metadata.secondOpinion as SecondOpinion;
}
