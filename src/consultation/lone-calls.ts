// Single calls outside a turn, for the evaluation: a model asked one prompt alone, and a synthesis
// written over given answers, each through the same model call as every opinion and every synthesis
// (deadline, retries, cost of its usage), with the worst case each may cost, to hold beforehand.

import type { ModelOpinion, Synthesis } from "../contract/opinions.ts";
import type { ModelEntry } from "../providers/model-entry.ts";
import type { ConsultationServices } from "./consultation-services.ts";
import { assessmentInstructions } from "./council/assessment.ts";
import { synthesise, synthesisInstructions, synthesisPrompt } from "./council/synthesis.ts";
import { askModel } from "./model-call/ask-model.ts";
import { callPolicy } from "./model-call/retried-call.ts";
import { estimateCallCost, estimateTokens, fitPlanToBudget } from "./planning/cost-budget.ts";
import { planConsultation } from "./planning/model-selection.ts";
import { messageInstructions } from "./turn/single-model-strategy.ts";

/** One prompt for one model; `instructions` default to a one-model turn's. */
export interface LoneQuestion {
  model: string;
  prompt: string;
  instructions?: string | undefined;
}

/** The roster's entry of `model`; throws unknown_model. */
export function modelEntry(services: ConsultationServices, model: string): ModelEntry {
  return planConsultation({ primaryModel: model, maxOpinions: 0 }, services.roster, services.defaults)
    .primary;
}

/** The most `question` may cost (a model of unknown price counted as free); throws unknown_model. */
export function loneQuestionWorstCase(services: ConsultationServices, question: LoneQuestion): number {
  const plan = planConsultation(
    { primaryModel: question.model, maxOpinions: 0 },
    services.roster,
    services.defaults,
  );
  const instructions = question.instructions ?? messageInstructions;
  return fitPlanToBudget(plan, estimateTokens(question.prompt.length + instructions.length), {
    unpricedModels: "allow",
  }).worstCaseUsd;
}

/** Asks `question` alone; a failed call is an opinion with `error`. Throws only when cancelled. */
export function askAlone(
  services: ConsultationServices,
  question: LoneQuestion,
  signal: AbortSignal,
): Promise<ModelOpinion> {
  return askModel(
    {
      entry: modelEntry(services, question.model),
      role: "primary",
      instructions: question.instructions ?? messageInstructions,
      messages: [{ role: "user", content: question.prompt }],
    },
    services,
    callPolicy(services, signal),
    () => {},
  );
}

/** The most `model`'s synthesis of `opinions` may cost: structured output, then plain text. */
export function loneSynthesisWorstCase(
  entry: ModelEntry,
  question: string,
  opinions: readonly ModelOpinion[],
): number {
  const promptCharacters =
    synthesisInstructions.length +
    assessmentInstructions.length +
    synthesisPrompt(question, opinions, []).length;
  return 2 * (estimateCallCost(entry, estimateTokens(promptCharacters)) ?? 0);
}

/** `entry` writes the synthesis of `opinions` as a panel's synthesis is written, with no conversation. */
export function synthesiseAlone(
  services: ConsultationServices,
  entry: ModelEntry,
  question: string,
  opinions: readonly ModelOpinion[],
  signal: AbortSignal,
): Promise<Synthesis> {
  return synthesise(question, [], opinions, [entry], {
    createModel: services.createModel,
    policy: callPolicy(services, signal),
    remainingMs: () => services.defaults.requestDeadlineMs,
    onEvent: () => {},
  });
}
