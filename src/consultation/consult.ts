// Asking the models, and nothing else: one model (`conversation.send-message`) or the panel and its
// council (`agent.second_opinion`), over the question and the conversation so far as given. The engine
// holds no store: reading the conversation and recording the turn (and its late opinions as they land)
// are the caller's steps.

import type { ModelOpinion, SecondOpinion } from "../contract/opinions.ts";
import type { ConsultationServices, RunOptions } from "./consultation-services.ts";
import { panelStrategy } from "./council/panel-strategy.ts";
import type { PanelChoice } from "./council/stages/panel-turn.ts";
import type { CostPolicy } from "./planning/cost-budget.ts";
import { singleModelStrategy } from "./turn/single-model-strategy.ts";
import type { HistoryTurn, TurnAnswer, TurnEstimate, TurnStrategy } from "./turn/turn-pipeline.ts";

/** The panel and its council, as `choice` asks (or the defaults). */
export interface PanelConsultation {
  kind: "panel";
  choice: PanelChoice;
  cost: CostPolicy;
}

/** One model (`model`, or the default primary). */
export interface MessageConsultation {
  kind: "message";
  model?: string | undefined;
  cost: CostPolicy;
}

/** Whom to ask, and under which cost policy. */
export type Consultation = PanelConsultation | MessageConsultation;

/** A question for `consult`: the consultation, the question and the conversation so far (oldest first). */
export type ConsultRequest<Kind extends Consultation = Consultation> = Kind & {
  question: string;
  history?: readonly HistoryTurn[] | undefined;
};

/**
 * Asks the models `request` names and resolves with their answer, ready to record: the opinions, the
 * synthesis, usage, cost and citations, and the models still running at the answer-by time (`late`).
 * Stores nothing. Rejects with unknown_model, invalid_argument, budget_exceeded before any call,
 * all_models_failed or model_failed when there is no answer, cancelled when `options.signal` stops it.
 */
export async function consult(
  request: ConsultRequest<PanelConsultation>,
  services: ConsultationServices,
  options: RunOptions,
): Promise<TurnAnswer<SecondOpinion>>;
export async function consult(
  request: ConsultRequest<MessageConsultation>,
  services: ConsultationServices,
  options: RunOptions,
): Promise<TurnAnswer<ModelOpinion>>;
export async function consult(
  request: ConsultRequest,
  services: ConsultationServices,
  options: RunOptions,
): Promise<TurnAnswer<SecondOpinion | ModelOpinion>> {
  const strategy = strategyOf(request, services);
  return strategy.ask(request.question, request.history ?? [], options);
}

/**
 * What `request` would ask and cost over its question and history; no model is called. Throws as
 * `consult` would before its first call.
 */
export function estimate(request: ConsultRequest, services: ConsultationServices): TurnEstimate {
  return strategyOf(request, services).estimate(request.question, request.history ?? []);
}

/** The strategy answering `consultation`; throws unknown_model or invalid_argument at once. */
function strategyOf(
  consultation: Consultation,
  services: ConsultationServices,
): TurnStrategy<SecondOpinion | ModelOpinion> {
  return consultation.kind === "panel"
    ? panelStrategy(services, consultation.choice, consultation.cost)
    : singleModelStrategy(services, consultation.model, consultation.cost);
}
