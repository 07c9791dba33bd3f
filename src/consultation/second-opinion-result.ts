// Builds the `agent.second_opinion` result (the seed schema's shape) and the metadata stored with
// the assistant message, so a fresh answer and a replayed one come out identical.

import type { ConversationRecord, MessageRecord } from "../store/store.ts";
import type { ConsultationSummary, ModelOpinion, Synthesis } from "./opinion.ts";

/** The opinions of one consultation, as stored in `metadata.secondOpinion`. */
export interface SecondOpinionRecord {
  primary: ModelOpinion;
  secondaryOpinions: ModelOpinion[];
  /** Absent when no synthesis was asked for (the schema does not allow null here). */
  synthesis?: Synthesis;
  summary: ConsultationSummary;
}

/** Whether the turn was stored, in the schema's `persistenceStatus` shape. */
export interface PersistenceStatus {
  userMessageSaved: boolean;
  assistantMessageSaved: boolean;
  userMessageId: string | null;
  assistantMessageId: string | null;
  error: string | null;
}

/** The result of `agent.second_opinion`. */
export interface SecondOpinionResult {
  conversationId: string;
  conversationCreated: boolean;
  conversationTitle: string | null;
  primary: ModelOpinion;
  secondaryOpinions: ModelOpinion[];
  synthesis: Synthesis | null;
  userMessageId: string | null;
  assistantMessageId: string | null;
  persistenceStatus: PersistenceStatus;
  assistantMessage?: MessageRecord;
  metadata?: { secondOpinion: SecondOpinionRecord & { synthesis: Synthesis } };
  summary: ConsultationSummary;
}

/** Builds the result. `saved` holds the stored messages, or the reason they could not be stored. */
export function secondOpinionResult(input: {
  conversationId: string;
  conversation?: ConversationRecord;
  title: string | null;
  created: boolean;
  record: SecondOpinionRecord;
  saved: { user: MessageRecord; assistant: MessageRecord } | { error: string };
}): SecondOpinionResult {
  const { record, saved } = input;
  const stored = "user" in saved ? saved : undefined;
  const persistenceStatus: PersistenceStatus = {
    userMessageSaved: stored !== undefined,
    assistantMessageSaved: stored !== undefined,
    userMessageId: stored?.user.id ?? null,
    assistantMessageId: stored?.assistant.id ?? null,
    error: "error" in saved ? saved.error : null,
  };
  const synthesis = record.synthesis ?? null;
  return {
    conversationId: input.conversationId,
    conversationCreated: stored !== undefined && input.created,
    conversationTitle: input.conversation?.title ?? input.title,
    primary: record.primary,
    secondaryOpinions: record.secondaryOpinions,
    synthesis,
    userMessageId: persistenceStatus.userMessageId,
    assistantMessageId: persistenceStatus.assistantMessageId,
    persistenceStatus,
    ...(stored ? { assistantMessage: stored.assistant } : {}),
    ...(synthesis ? { metadata: { secondOpinion: { ...record, synthesis } } } : {}),
    summary: record.summary,
  };
}

/** Totals over the opinions and the synthesis. */
export function summarise(
  opinions: readonly ModelOpinion[],
  synthesis: Synthesis | undefined,
  wallTimeMs: number,
): ConsultationSummary {
  const calls = synthesis ? [...opinions, synthesis] : [...opinions];
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
