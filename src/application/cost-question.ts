// Whether a call that asks models should be confirmed before it runs: its estimate (the one
// `maxCostUsd` is held to: every model asked writing its whole output cap, fitted to the caller's cap
// and tier as the call itself fits it) against the operator's `confirmAboveUsd`. When a question is
// due, it carries what to say (the models and the most they may cost) and a cheaper choice: the same
// call with fewer models, the dearest left out until the estimate fits under the setting (as
// `maxCostUsd` would leave them out), or the primary alone when even that does not fit. A call that
// gives its own `maxCostUsd` has said what it may spend, so none is due. No model is called, nothing is
// counted or charged. Front ends that can ask a person (MCP elicitation) use it.

import { type Consultation, type ConsultationEstimate, estimate } from "../consultation/index.ts";
import { sendMessageInput } from "../contract/inputs.ts";
import { ServiceError } from "../contract/service-error.ts";
import { validateInput } from "../contract/validate-input.ts";
import type { ApplicationServices } from "./application-services.ts";
import { panelRequest } from "./attachment-input.ts";
import { resolveStrategy } from "./auto-strategy.ts";
import type { Caller } from "./caller.ts";
import type { Admission } from "./limits/admission.ts";
import { costPolicy } from "./limits/budgeted-run.ts";
import { readTurnContext } from "./turns/turn-context.ts";

/** The tools whose calls ask models, and so may be confirmed first. */
export type ConsultationTool = "agent.second_opinion" | "conversation.send-message";

/** What one way of running the call would ask and cost. */
export interface CostEstimate {
  /** The models asked for an answer, the primary first. */
  models: string[];
  /** The model that would write the synthesis; absent when none would. */
  synthesisModel?: string;
  /** The estimate `maxCostUsd` is held to: every model asked writing its whole output cap, in USD. */
  estimatedCostUsd: number;
  /** Models asked that have no price: their cost is not in the estimate. */
  unknownCost: string[];
}

/** A question due before a call: what it would ask and cost, and a cheaper way when there is one. */
export interface CostQuestion extends CostEstimate {
  /** The setting the estimate is above, in USD. */
  confirmAboveUsd: number;
  /** The same call asking fewer models, with the arguments that run it so; absent when there is none. */
  cheaper?: CostEstimate & { arguments: Record<string, unknown> };
}

/** The use case. */
export interface CostQuestionUseCase {
  /**
   * The question to put before `tool` runs with `input`, or undefined when none is due: the setting
   * is off, the estimate is not above it, or the call would be refused anyway (its own error then
   * says why). Not counted against the caller's limits; calls no model.
   */
  costQuestion(caller: Caller, tool: ConsultationTool, input: unknown): Promise<CostQuestion | undefined>;
}

/** The use case over the engine's services; `confirmAboveUsd` null never asks. */
export function createCostQuestion(
  services: ApplicationServices,
  admission: Pick<Admission, "tierOf">,
  confirmAboveUsd: number | null,
): CostQuestionUseCase {
  return {
    async costQuestion(caller, tool, input) {
      if (confirmAboveUsd === null) return undefined;
      // A cap the caller gave is its consent to spend up to it (the call is fitted under it or refused).
      if (typeof (input as { maxCostUsd?: unknown } | null)?.maxCostUsd === "number") return undefined;
      const estimate = estimator(services, admission, caller, tool, input);
      const asked = await estimate({}).catch(() => undefined);
      if (!asked || asked.estimatedCostUsd <= confirmAboveUsd) return undefined;
      const cheaper =
        tool === "agent.second_opinion" && asked.models.length > 1
          ? await fewerModels(estimate, asked, confirmAboveUsd, input as Record<string, unknown>)
          : undefined;
      return { ...asked, confirmAboveUsd, ...(cheaper ? { cheaper } : {}) };
    },
  };
}

/** Estimates the call with some of its arguments changed. */
type Estimator = (changes: Record<string, unknown>) => Promise<CostEstimate>;

/** The call with the dearest models left out until it fits under `withinUsd`, else the primary alone. */
async function fewerModels(
  estimate: Estimator,
  asked: CostEstimate,
  withinUsd: number,
  input: Record<string, unknown>,
): Promise<CostQuestion["cheaper"]> {
  const cap = typeof input.maxCostUsd === "number" ? Math.min(input.maxCostUsd, withinUsd) : withinUsd;
  // A setting of 0 fits no panel (and is no maxCostUsd): the primary alone is the cheaper way then.
  const fitted =
    cap > 0
      ? await estimate({ maxCostUsd: cap }).catch((error: unknown) => {
          if (error instanceof ServiceError && error.code === "budget_exceeded") return undefined;
          throw error;
        })
      : undefined;
  const changes = fitted ? { maxCostUsd: cap } : { maxOpinions: 0 };
  const cheaper = fitted ?? (await estimate(changes));
  if (cheaper.models.length >= asked.models.length) return undefined;
  return { ...cheaper, arguments: { ...input, ...changes } };
}

/** Estimates `tool` with `input`, fitted to the caller's tier as the call is fitted. */
function estimator(
  services: ApplicationServices,
  admission: Pick<Admission, "tierOf">,
  caller: Caller,
  tool: ConsultationTool,
  input: unknown,
): Estimator {
  const tier = admission.tierOf(caller);
  /** The estimate of `consultation` over `question` in the caller's conversation `conversationId`. */
  const estimateIn = async (consultation: Consultation, question: string, conversationId?: string) => {
    const conversations = services.store.conversations.of(caller.userId);
    const { history } = await readTurnContext(conversations, conversationId);
    return estimateOf(estimate({ ...consultation, question, history }, services));
  };
  return async (changes) => {
    const changed = { ...(input as object), ...changes };
    if (tool === "conversation.send-message") {
      const request = validateInput(sendMessageInput, changed);
      const consultation = {
        kind: "message" as const,
        model: request.model,
        cost: costPolicy(tier, request),
      };
      return estimateIn(consultation, request.content, request.conversationId);
    }
    const { request: given } = await panelRequest(changed);
    const { request } = await resolveStrategy(services, caller.userId, given);
    const consultation = { kind: "panel" as const, choice: request, cost: costPolicy(tier, request) };
    return estimateIn(consultation, request.question, request.conversationId);
  };
}

/** The estimate as callers meet it. */
function estimateOf({ plan, report }: ConsultationEstimate): CostEstimate {
  const synthesis = plan.synthesis[0];
  return {
    models: [plan.primary, ...plan.secondaries].map((entry) => entry.name),
    ...(synthesis ? { synthesisModel: synthesis.name } : {}),
    estimatedCostUsd: report.estimatedCostUsd,
    unknownCost: report.unknownCost,
  };
}
