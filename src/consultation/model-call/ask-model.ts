// Asks one model of a consultation and reports it as progress: started, each retry, the text as it forms
// (when streaming), finished (with the failure, for logs); hedged when asked, and its latency noted
// for hedging. Both askers (panel and one model) ask through here.

import type { ModelMessage } from "ai";
import type { ModelOpinion } from "../../contract/opinions.ts";
import type { ConsultationEvent } from "../../contract/progress-events.ts";
import { type CallFeatures, callSettingsFor } from "../../providers/call-settings.ts";
import type { ModelEntry } from "../../providers/model-entry.ts";
import type { ConsultationServices } from "../consultation-services.ts";
import { type Hedge, hedgedCall } from "./hedged-call.ts";
import { type CallPolicy, callModel } from "./retried-call.ts";
import { textProgress } from "./text-progress.ts";

/** One model's part in a consultation. */
export interface ModelQuestion {
  entry: ModelEntry;
  role: "primary" | "secondary";
  instructions: string;
  messages: ModelMessage[];
  /** Stream the answer as `model-text` progress. */
  stream?: boolean;
  /** Send a backup request if the model is slow (see hedged-call.ts). */
  hedge?: Hedge | undefined;
  /** Reasoning and web search, as the caller or the panel asked. */
  features?: CallFeatures;
  /** Attachments left out of this model's messages because it cannot read them. */
  unseenAttachments?: { name: string; reason: string }[];
}

/** Calls the model under `policy`, reporting progress to `onEvent`. Throws only when cancelled. */
export async function askModel(
  question: ModelQuestion,
  services: Pick<ConsultationServices, "createModel" | "latencies">,
  policy: CallPolicy,
  onEvent: (event: ConsultationEvent) => void,
): Promise<ModelOpinion> {
  const { entry, role } = question;
  onEvent({ type: "model-started", model: entry.name, role });
  const progress = question.stream ? textProgress(entry.name, "opinion", onEvent, policy.secrets) : undefined;
  const features = question.features ?? {};
  const request = {
    entry,
    model: services.createModel(entry),
    instructions: question.instructions,
    messages: question.messages,
    ...(progress ? { streamTo: progress } : {}),
    settings: callSettingsFor(entry, features),
  };
  const retrying = {
    ...policy,
    onRetry: (retry: { attempt: number; delayMs: number; reason: string }) =>
      onEvent({ type: "model-retrying", model: entry.name, ...retry }),
  };
  const answered = question.hedge
    ? await hedgedCall(request, question.hedge, retrying)
    : await callModel(request, retrying);
  const opinion = withFeatureNotes(answered, entry, features, question.unseenAttachments ?? []);
  progress?.flush();
  if (!opinion.error && !opinion.hedge) services.latencies?.record(entry.name, opinion.latencyMs);
  onEvent({
    type: "model-finished",
    model: entry.name,
    role,
    error: opinion.error === true,
    latencyMs: opinion.latencyMs,
    ...(opinion.tokensUsed !== undefined ? { tokensUsed: opinion.tokensUsed } : {}),
    ...(opinion.cost !== undefined ? { cost: opinion.cost } : {}),
    ...(opinion.error ? { failure: opinion.response } : {}),
  });
  return opinion;
}

/** The opinion with what the caller asked of it that it did or could not do. */
function withFeatureNotes(
  opinion: ModelOpinion,
  entry: ModelEntry,
  features: CallFeatures,
  unseen: { name: string; reason: string }[],
): ModelOpinion {
  const reasoning = features.reasoning && entry.reasons ? { reasoning: features.reasoning } : {};
  const search = features.webSearch
    ? {
        webSearch: entry.webSearch
          ? {
              searched:
                entry.alwaysSearches === true ||
                (opinion.webSearches ?? 0) > 0 ||
                opinion.citations.length > 0,
            }
          : {
              searched: false,
              note: `${entry.displayName} cannot search the web; this answer comes from what the model already knows.`,
            },
      }
    : {};
  return { ...opinion, ...reasoning, ...search, ...(unseen.length > 0 ? { unseenAttachments: unseen } : {}) };
}
