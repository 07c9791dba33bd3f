// The one-model consultation (`conversation.send-message`): the model answers with the conversation so far
// as context. A failed model stores nothing: there is no answer to keep.

import type { ModelOpinion } from "../../contract/opinions.ts";
import { ServiceError } from "../../contract/service-error.ts";
import type { ConsultationServices } from "../consultation-services.ts";
import { askModel } from "../model-call/ask-model.ts";
import { callPolicy } from "../model-call/retried-call.ts";
import { type CostPolicy, estimateTokens, fitPlanToBudget } from "../planning/cost-budget.ts";
import { planConsultation } from "../planning/model-selection.ts";
import type { Asker, HistoryMessage } from "./asker.ts";
import { buildContext } from "./conversation-context.ts";

/** Instructions for a single-model consultation. */
export const messageInstructions =
  "You are a helpful expert assistant. Answer the user's latest message directly, using the conversation so far as context.";

/** An asker of `model` (default: the default primary). Throws unknown_model at once. */
export function singleModelAsker(
  services: ConsultationServices,
  model: string | undefined,
  cost: CostPolicy,
): Asker<ModelOpinion> {
  const plan = planConsultation(
    { ...(model ? { primaryModel: model } : {}), maxOpinions: 0 },
    services.roster,
    services.defaults,
  );
  const entry = plan.primary;
  /** The plan fitted to the cost policy, for a message and the conversation so far. */
  const fit = (question: string, history: readonly HistoryMessage[]) => {
    const promptCharacters = history.reduce(
      (sum, message) => sum + message.content.length,
      question.length + messageInstructions.length,
    );
    return fitPlanToBudget(plan, estimateTokens(promptCharacters), cost);
  };
  return {
    estimate: fit,
    async ask(question, history, options) {
      const { worstCaseUsd } = fit(question, history);
      await cost.reserve?.(worstCaseUsd);
      const onEvent = options.onEvent ?? (() => {});
      const context = buildContext(history, question, messageInstructions, entry.contextWindow);
      onEvent({ type: "consultation-started", models: [entry.name], synthesis: false });
      const opinion = await askModel(
        {
          entry,
          role: "primary",
          instructions: messageInstructions,
          messages: context.messages,
          stream: options.stream === true,
        },
        services,
        callPolicy(services, options.signal),
        onEvent,
      );
      if (opinion.error) {
        throw new ServiceError(
          "model_failed",
          `${opinion.response} Nothing was stored; send the message again.`,
        );
      }
      const { response, ...usage } = opinion;
      return {
        answer: opinion,
        text: response,
        metadata: { ...usage, ...(history.length > 0 ? { contextTrim: context.trim } : {}) },
      };
    },
  };
}
