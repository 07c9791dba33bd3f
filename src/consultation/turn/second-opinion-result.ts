// Builds the `agent.second_opinion` result (the seed schema's shape) from a turn's outcome, so a
// fresh answer and a replayed one come out identical.

import type { SecondOpinionResult } from "../../contract/consultation-results.ts";
import { contractMessage } from "../../contract/messages.ts";
import type { ConsultationSummary, ModelOpinion, SecondOpinion, Synthesis } from "../../contract/opinions.ts";
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

/** Totals over every model call (by default the opinions) and the synthesis. */
export function summarise(
  opinions: readonly ModelOpinion[],
  synthesis: Synthesis | undefined,
  wallTimeMs: number,
  modelCalls: readonly Pick<ModelOpinion, "model" | "tokensUsed" | "cost" | "error">[] = opinions,
): ConsultationSummary {
  const calls = synthesis ? [...modelCalls, synthesis] : [...modelCalls];
  const withTokens = calls.filter((call) => call.tokensUsed !== undefined);
  const withCost = calls.filter((call) => call.cost !== undefined);
  const unreported = calls
    .filter((call) => call.tokensUsed === undefined && !call.error)
    .map((call) => call.model);
  const failed = opinions.filter((opinion) => opinion.error).length;
  return {
    totalModels: opinions.length,
    ...(withTokens.length > 0
      ? { totalTokens: withTokens.reduce((sum, call) => sum + (call.tokensUsed ?? 0), 0) }
      : {}),
    ...(withCost.length > 0
      ? { totalCost: Math.round(withCost.reduce((sum, call) => sum + (call.cost ?? 0), 0) * 1e8) / 1e8 }
      : {}),
    totalLatencyMs: Math.max(0, Math.round(wallTimeMs)),
    successfulModels: opinions.length - failed,
    failedModels: failed,
    ...(unreported.length > 0 ? { unreportedUsage: unreported } : {}),
  };
}
