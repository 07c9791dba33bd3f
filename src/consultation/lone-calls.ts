// Single calls outside a consultation, for the evaluation: a model asked one prompt alone, and a synthesis
// written over given answers, each through the same model call as every opinion and every synthesis
// (deadline, retries, cost of its usage), with the worst case each may cost, to hold beforehand.

import type { ModelOpinion, Synthesis } from "../contract/opinions.ts";
import { messageInstructions } from "./asking/single-model-asker.ts";
import type { ConsultationServices } from "./consultation-services.ts";
import { assessmentInstructions } from "./council/assessment.ts";
import { synthesise, synthesisInstructions, synthesisPrompt } from "./council/synthesis.ts";
import { askModel } from "./model-call/ask-model.ts";
import { callPolicy } from "./model-call/retried-call.ts";
import { estimateCallCost, estimateTokens, fitPlanToBudget } from "./planning/cost-budget.ts";
import { planConsultation } from "./planning/model-selection.ts";

/** One prompt for one model; `instructions` default to a one-model consultation's. */
export interface LoneQuestion {
  model: string;
  prompt: string;
  instructions?: string | undefined;
}

/** What a lone call runs under: its cancellation, and `reserve`, told its worst case before any call. */
export interface LoneCall {
  signal: AbortSignal;
  /** Holds the worst case (a model of unknown price counted as free); throws to refuse the call. */
  reserve: (worstCaseUsd: number) => Promise<void>;
}

/** The plan asking `model` alone; throws unknown_model. */
function planAlone(services: ConsultationServices, model: string) {
  return planConsultation({ primaryModel: model, maxOpinions: 0 }, services.roster, services.defaults);
}

/** Asks `question` alone; a failed call is an opinion with `error`. Throws unknown_model, as `reserve` does, or when cancelled. */
export async function askAlone(
  services: ConsultationServices,
  question: LoneQuestion,
  call: LoneCall,
): Promise<ModelOpinion> {
  const plan = planAlone(services, question.model);
  const instructions = question.instructions ?? messageInstructions;
  const promptTokens = estimateTokens(question.prompt.length + instructions.length);
  await call.reserve(fitPlanToBudget(plan, promptTokens, { unpricedModels: "allow" }).worstCaseUsd);
  return askModel(
    {
      entry: plan.primary,
      role: "primary",
      instructions,
      messages: [{ role: "user", content: question.prompt }],
    },
    services,
    callPolicy(services, call.signal),
    () => {},
  );
}

/**
 * `model` writes the synthesis of `answers` as a panel's synthesis is written, with no conversation,
 * its worst case (structured output, then plain text) reserved first. Throws unknown_model, as
 * `reserve` does, or when cancelled.
 */
export async function synthesiseAlone(
  services: ConsultationServices,
  model: string,
  question: string,
  answers: readonly Pick<ModelOpinion, "model" | "response" | "latencyMs">[],
  call: LoneCall,
): Promise<Synthesis> {
  const entry = planAlone(services, model).primary;
  const opinions: ModelOpinion[] = answers.map((answer) => ({
    ...answer,
    modelId: entry.modelId,
    modelDisplayName: entry.displayName,
    citations: [],
  }));
  const promptCharacters =
    synthesisInstructions.length +
    assessmentInstructions.length +
    synthesisPrompt(question, opinions, []).length;
  await call.reserve(2 * (estimateCallCost(entry, estimateTokens(promptCharacters)) ?? 0));
  return synthesise(question, [], opinions, [entry], {
    createModel: services.createModel,
    policy: callPolicy(services, call.signal),
    remainingMs: () => services.defaults.requestDeadlineMs,
    onEvent: () => {},
  });
}
