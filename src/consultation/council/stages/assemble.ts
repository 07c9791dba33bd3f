// The panel's last stage: the answer as the caller gets it and the turn stores it. Each model in its
// place (a placeholder for one still running), the totals over every call paid for, the budget report
// when the cost policy shaped the plan, the council's parts, and the text the assistant message holds.
// From here on the caller hears nothing more of this consultation; its late models run on.

import type {
  ConsultationSummary,
  ModelOpinion,
  SecondOpinion,
  Synthesis,
} from "../../../contract/opinions.ts";
import type { ModelEntry } from "../../../providers/model-entry.ts";
import type { AskedAnswer } from "../../asking/asker.ts";
import { familyOf } from "../model-families.ts";
import { type CouncilledPanel, councilOf, pendingOf } from "./panel-record.ts";

/** The consultation's answer; marks it given, so its late models go on detached from the caller. */
export function assemblePanel(panel: CouncilledPanel): AskedAnswer<SecondOpinion> {
  const { opening, opinions, synthesis, late, fitted } = panel;
  const { report } = fitted;
  const council = councilOf(panel);
  const cheap = opening.adaptive?.path === "cheap";
  const modelCalls = [
    ...(council.rounds ?? []).flatMap((round) => round.opinions),
    ...(council.rounds ? [] : opinions),
    ...(council.review?.reviews.map((peer) => peer.call) ?? []),
    // The first two's synthesis, when the whole panel's replaced it, was paid for too.
    ...(opening.firstSynthesis && !cheap ? [opening.firstSynthesis] : []),
  ];
  const elapsed = panel.means.elapsed();
  const byModel = new Map(opinions.map((opinion) => [opinion.model, opinion] as const));
  const { host } = panel.setup;
  const [primary, ...secondaryOpinions] = [
    ...opening.asked.map(({ entry }) => byModel.get(entry.name) ?? stillRunning(entry, elapsed)),
    // The host's as it ended (a debate keeps it as it was given).
    ...(host ? [byModel.get(host.model) ?? host] : []),
  ] as [ModelOpinion, ...ModelOpinion[]];
  const summary = withFamily(
    summarise(opinions, synthesis, elapsed, modelCalls),
    opening.asked
      .map(({ entry }) => entry)
      .filter((entry) => byModel.has(entry.name) && !byModel.get(entry.name)?.error),
  );
  const pendingModels = pendingOf(panel);
  const shaped = report.maxCostUsd !== null || report.leftOut.length > 0 || report.unknownCost.length > 0;
  const secondOpinion: SecondOpinion = {
    primary,
    secondaryOpinions,
    ...(synthesis ? { synthesis } : {}),
    summary:
      pendingModels.length > 0
        ? {
            ...summary,
            totalModels: opening.asked.length + (host ? 1 : 0),
            pendingModels,
            note: pendingNote(pendingModels),
          }
        : summary,
    ...(shaped ? { budget: report } : {}),
    ...council,
    ...(opening.adaptive ? { adaptive: opening.adaptive } : {}),
    ...(pendingModels.length > 0 ? { pendingModels } : {}),
  };
  panel.means.answered(Promise.allSettled(late.map((running) => running.opinion)));
  const { trims } = panel.means;
  return {
    answer: secondOpinion,
    text: synthesis && !synthesis.error ? synthesis.response : bestAnswer(opinions),
    metadata: { secondOpinion, ...(Object.keys(trims).length > 0 ? { contextTrim: trims } : {}) },
    ...(late.length > 0 ? { late } : {}),
  };
}

/** `summary` naming the one family every answering model is of, when two or more answered. */
function withFamily(summary: ConsultationSummary, answered: readonly ModelEntry[]): ConsultationSummary {
  const families = answered.map((entry) => familyOf(entry));
  const [family] = families;
  if (answered.length < 2 || !family || families.some((other) => other.id !== family.id)) return summary;
  return { ...summary, singleFamily: family.name };
}

/** The answer stored when there is no synthesis: the primary's, or the first successful secondary's. */
function bestAnswer(opinions: readonly ModelOpinion[]): string {
  return (opinions.find((opinion) => !opinion.error) ?? opinions[0])?.response ?? "";
}

/** The sentence a partial answer carries. */
export function pendingNote(pendingModels: readonly string[]): string {
  return `The synthesis did not hear from ${pendingModels.join(", ")}: still running when the answer was due. Their opinions are added to this turn when they land (conversation.get-history shows them).`;
}

/** The place of a model still running when the answer was due; the stored turn gets its opinion later. */
function stillRunning(entry: ModelEntry, elapsedMs: number): ModelOpinion {
  return {
    model: entry.name,
    modelId: entry.modelId,
    modelDisplayName: entry.displayName,
    response:
      "Still running when the answer was due; its opinion is added to this conversation when it lands.",
    latencyMs: Math.max(0, Math.round(elapsedMs)),
    citations: [],
    pending: true,
  };
}

/** Totals over every model call (by default the opinions) and the synthesis. */
function summarise(
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
