// The evaluation's calls (evaluation/run/evaluation-calls.ts) made by the engine: a model asked alone
// through the same model call as every opinion (deadline, retries, cost of its usage), a panel consulted
// through the second-opinion use case itself (so the council, its review and adaptive consultation are
// exactly what a caller gets), and a synthesis written as the council writes one. Nothing is added to the
// caller's conversations: a consultation's conversation is deleted once its answer is in hand. Each call
// first holds its worst-case cost against the run's budget, and is charged what it cost.

import type { ConsultationServices, RunOptions } from "../../consultation/consultation-services.ts";
import { assessmentInstructions } from "../../consultation/council/assessment.ts";
import { synthesise, synthesisInstructions, synthesisPrompt } from "../../consultation/council/synthesis.ts";
import { askModel } from "../../consultation/model-call/ask-model.ts";
import { callPolicy } from "../../consultation/model-call/retried-call.ts";
import {
  estimateCallCost,
  estimateTokens,
  fitPlanToBudget,
} from "../../consultation/planning/cost-budget.ts";
import { planConsultation } from "../../consultation/planning/model-selection.ts";
import { messageInstructions } from "../../consultation/turn/single-model-strategy.ts";
import type { SecondOpinionResult } from "../../contract/consultation-results.ts";
import type { ModelOpinion } from "../../contract/opinions.ts";
import { ServiceError } from "../../contract/service-error.ts";
import type { Consultation, EvaluationCalls, ModelReply } from "../../evaluation/run/evaluation-calls.ts";
import type { ModelEntry } from "../../providers/model-entry.ts";
import type { Caller } from "../caller.ts";
import type { RunBudget } from "./run-budget.ts";

/** What the calls are made with. */
export interface ModelCallContext {
  /** The engine's services, their model factory capped per provider. */
  services: ConsultationServices;
  /** The second-opinion use case over those services. */
  secondOpinion: (caller: Caller, input: unknown, options: RunOptions) => Promise<SecondOpinionResult>;
  caller: Caller;
  budget: RunBudget;
}

/** Failures of a consultation that are its answer (no answer), not the run's end. */
const answerFailures = new Set(["all_models_failed", "model_failed", "budget_exceeded"]);

/** The evaluation's calls over `context`. */
export function createModelCalls(context: ModelCallContext): EvaluationCalls {
  const { services, caller, budget } = context;
  const entryOf = (model: string): ModelEntry =>
    planConsultation({ primaryModel: model, maxOpinions: 0 }, services.roster, services.defaults).primary;
  return {
    async ask(model, prompt, options) {
      const plan = planConsultation(
        { primaryModel: model, maxOpinions: 0 },
        services.roster,
        services.defaults,
      );
      const instructions = options.system ?? messageInstructions;
      const { worstCaseUsd } = fitPlanToBudget(plan, estimateTokens(prompt.length + instructions.length), {
        unpricedModels: "allow",
      });
      const hold = budget.call();
      await hold.reserve(worstCaseUsd);
      let opinion: ModelOpinion | undefined;
      try {
        opinion = await askModel(
          {
            entry: plan.primary,
            role: "primary",
            instructions,
            messages: [{ role: "user", content: prompt }],
          },
          services,
          callPolicy(services, options.signal),
          () => {},
        );
      } finally {
        await hold.settle(opinion?.cost);
      }
      return replyOf(opinion);
    },

    async consult(input, signal) {
      const hold = budget.call();
      let result: SecondOpinionResult;
      try {
        result = await context.secondOpinion(caller, input, {
          signal,
          reserve: (usd) => hold.reserve(usd),
        });
      } catch (error) {
        const opinions = error instanceof ServiceError ? error.details?.opinions : undefined;
        const paid = Array.isArray(opinions)
          ? (opinions as ModelOpinion[]).reduce((sum, opinion) => sum + (opinion.cost ?? 0), 0)
          : undefined;
        await hold.settle(paid);
        if (error instanceof ServiceError && answerFailures.has(error.code)) {
          return {
            text: "",
            costUsd: paid ?? 0,
            latencyMs: 0,
            opinions: Array.isArray(opinions) ? (opinions as ModelOpinion[]).map(replyOf) : [],
            failure: error.message,
          };
        }
        throw error;
      }
      await hold.settle(result.summary.totalCost);
      await services.store.conversations.of(caller.userId).delete(result.conversationId);
      return consultationOf(result);
    },

    async synthesise(model, question, replies, signal) {
      const entry = entryOf(model);
      const opinions: ModelOpinion[] = replies.map((reply) => ({
        model: reply.model,
        modelId: entry.modelId,
        modelDisplayName: entry.displayName,
        response: reply.text,
        latencyMs: reply.latencyMs,
        citations: [],
      }));
      const promptCharacters =
        synthesisInstructions.length +
        assessmentInstructions.length +
        synthesisPrompt(question, opinions, []).length;
      // Written as structured output, then as plain text when that fails: the worst case is both.
      const worstCase = 2 * (estimateCallCost(entry, estimateTokens(promptCharacters)) ?? 0);
      const hold = budget.call();
      await hold.reserve(worstCase);
      let cost: number | undefined;
      try {
        const written = await synthesise(question, [], opinions, [entry], {
          createModel: services.createModel,
          policy: callPolicy(services, signal),
          remainingMs: () => services.defaults.requestDeadlineMs,
          onEvent: () => {},
        });
        cost = written.cost;
        return {
          text: written.error ? "" : written.response,
          costUsd: written.cost ?? 0,
          latencyMs: written.latencyMs,
          ...(written.assessment ? { agreement: written.assessment.agreement.score } : {}),
          ...(written.error ? { failure: written.response } : {}),
        };
      } finally {
        await hold.settle(cost);
      }
    },
  };
}

/** A model's opinion as a reply. */
function replyOf(opinion: ModelOpinion | undefined): ModelReply {
  if (!opinion) throw new Error("No opinion.");
  return {
    model: opinion.model,
    text: opinion.error ? "" : opinion.response,
    costUsd: opinion.cost ?? 0,
    latencyMs: opinion.latencyMs,
    ...(opinion.error ? { failure: opinion.response } : {}),
  };
}

/** A consultation's result as the strategies read it: its synthesis, else the answer kept. */
function consultationOf(result: SecondOpinionResult): Consultation {
  const opinions = [result.primary, ...result.secondaryOpinions];
  const synthesis = result.synthesis;
  const kept =
    opinions.find((opinion) => opinion.model === synthesis?.fallbackAnswerFrom) ??
    opinions.find((opinion) => !opinion.error);
  const text = synthesis && !synthesis.error ? synthesis.response : (kept?.response ?? "");
  const score = synthesis && !synthesis.error ? synthesis.assessment?.agreement.score : undefined;
  const path = result.adaptive?.path;
  return {
    text,
    costUsd: result.summary.totalCost ?? 0,
    latencyMs: result.summary.totalLatencyMs,
    ...(score !== undefined ? { agreement: Math.min(1, Math.max(0, score)) } : {}),
    ...(path ? { adaptivePath: path } : {}),
    opinions: opinions.filter((opinion) => !opinion.pending).map(replyOf),
  };
}
