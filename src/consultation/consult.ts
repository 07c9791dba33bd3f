// Asking the models, and nothing else: one model (`conversation.send-message`) or the panel and its
// council (`agent.second_opinion`), over the question and the conversation so far as given. The engine
// holds no store: reading the conversation and recording the turn (and its late opinions as they land)
// are the caller's steps.

import type { ModelOpinion, SecondOpinion } from "../contract/opinions.ts";
import type { AskedAnswer, Asker, ConsultationEstimate, HistoryMessage } from "./asking/asker.ts";
import { singleModelAsker } from "./asking/single-model-asker.ts";
import type { ConsultationServices, RunOptions } from "./consultation-services.ts";
import { panelAsker } from "./council/panel-asker.ts";
import type { PanelChoice } from "./council/stages/panel-record.ts";
import type { CostPolicy } from "./planning/cost-budget.ts";

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
  history?: readonly HistoryMessage[] | undefined;
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
): Promise<AskedAnswer<SecondOpinion>>;
export async function consult(
  request: ConsultRequest<MessageConsultation>,
  services: ConsultationServices,
  options: RunOptions,
): Promise<AskedAnswer<ModelOpinion>>;
export async function consult(
  request: ConsultRequest,
  services: ConsultationServices,
  options: RunOptions,
): Promise<AskedAnswer<SecondOpinion | ModelOpinion>> {
  return askerOf(request, services).ask(request.question, request.history ?? [], options);
}

/**
 * What `request` would ask and cost over its question and history; no model is called. Throws as
 * `consult` would before its first call.
 */
export function estimate(request: ConsultRequest, services: ConsultationServices): ConsultationEstimate {
  return askerOf(request, services).estimate(request.question, request.history ?? []);
}

/** The asker answering `consultation`; throws unknown_model or invalid_argument at once. */
function askerOf(
  consultation: Consultation,
  services: ConsultationServices,
): Asker<SecondOpinion | ModelOpinion> {
  return consultation.kind === "panel"
    ? panelAsker(services, consultation.choice, consultation.cost)
    : singleModelAsker(services, consultation.model, consultation.cost);
}
