// The panel turn (`agent.second_opinion`): the primary and the secondaries answer at once, each with
// only the question and the conversation so far; then one model writes the synthesis, knowing the
// conversation too. Only when every model fails is there nothing to store.

import { ServiceError } from "../errors/service-error.ts";
import type { Message } from "../store/store.ts";
import { askModel } from "./ask-model.ts";
import { callPolicy } from "./call-model.ts";
import type { ConsultationServices } from "./consultation-services.ts";
import { buildContext, type ContextTrim } from "./conversation-context.ts";
import { type CostPolicy, estimateTokens, fitPlanToBudget } from "./cost-budget.ts";
import { type ModelChoice, planConsultation } from "./model-selection.ts";
import type { ModelOpinion, SecondOpinion } from "./opinion.ts";
import { summarise } from "./second-opinion-result.ts";
import { synthesise } from "./synthesis.ts";
import type { TurnStrategy } from "./turn-pipeline.ts";

/** Instructions for every opinion: independent, direct, honest about uncertainty. */
export const opinionInstructions = [
  "You are one of several independent experts asked for an opinion on the user's question.",
  "Answer directly and completely. Be concrete, state your assumptions, and say where you are uncertain.",
  "When you rely on sources, name them.",
].join("\n");

/**
 * A strategy for the models `choice` names (or the defaults), fitted to `cost` before any call.
 * Throws unknown_model or invalid_argument at once.
 */
export function panelStrategy(
  services: ConsultationServices,
  choice: ModelChoice,
  cost: CostPolicy,
): TurnStrategy<SecondOpinion> {
  const chosen = planConsultation(choice, services.roster, services.defaults);
  const { defaults } = services;
  return {
    async ask(question, history, options) {
      const promptCharacters = history.reduce(
        (sum, message) => sum + message.content.length,
        question.length + opinionInstructions.length,
      );
      const { plan, report } = fitPlanToBudget(chosen, estimateTokens(promptCharacters), cost);
      const budget =
        report.maxCostUsd !== null || report.leftOut.length > 0 || report.unknownCost.length > 0
          ? { budget: report }
          : {};
      const started = services.now();
      const onEvent = options.onEvent ?? (() => {});
      const policy = callPolicy(
        services,
        options.signal,
        Math.min(defaults.modelDeadlineMs, defaults.requestDeadlineMs),
      );
      const participants = [
        { entry: plan.primary, role: "primary" as const },
        ...plan.secondaries.map((entry) => ({ entry, role: "secondary" as const })),
      ];
      onEvent({
        type: "consultation-started",
        models: participants.map((participant) => participant.entry.name),
        synthesis: plan.synthesis.length > 0,
      });
      const trims: Record<string, ContextTrim> = {};
      const opinions = await Promise.all(
        participants.map(({ entry, role }) => {
          const context = buildContext(history, question, opinionInstructions, entry.contextWindow);
          if (history.length > 0) trims[entry.name] = context.trim;
          return askModel(
            { entry, role, instructions: opinionInstructions, messages: context.messages },
            services,
            policy,
            onEvent,
          );
        }),
      );
      if (opinions.every((opinion) => opinion.error)) {
        throw new ServiceError(
          "all_models_failed",
          `Every model failed, so there is no answer:\n${opinions.map((opinion) => `- ${opinion.response}`).join("\n")}`,
          { opinions },
        );
      }
      const synthesis =
        plan.synthesis.length > 0
          ? await synthesise(question, history, opinions, plan.synthesis, {
              createModel: services.createModel,
              policy,
              remainingMs: () => defaults.requestDeadlineMs - (services.now() - started),
              onEvent,
            })
          : undefined;
      const [primary, ...secondaryOpinions] = opinions as [ModelOpinion, ...ModelOpinion[]];
      const secondOpinion: SecondOpinion = {
        primary,
        secondaryOpinions,
        ...(synthesis ? { synthesis } : {}),
        summary: summarise(opinions, synthesis, services.now() - started),
        ...budget,
      };
      return {
        answer: secondOpinion,
        text: synthesis && !synthesis.error ? synthesis.response : bestAnswer(opinions),
        metadata: { secondOpinion, ...(Object.keys(trims).length > 0 ? { contextTrim: trims } : {}) },
      };
    },
  };
}

/** The opinions of a stored panel turn. */
export function readStoredSecondOpinion(assistant: Message): SecondOpinion {
  return assistant.metadata.secondOpinion as SecondOpinion;
}

/** The answer stored when there is no synthesis: the primary's, or the first successful secondary's. */
function bestAnswer(opinions: readonly ModelOpinion[]): string {
  return (opinions.find((opinion) => !opinion.error) ?? opinions[0])?.response ?? "";
}
