// The evaluation's calls (evaluation/run/evaluation-calls.ts) made by the engine: a model asked alone
// through the same model call as every opinion (deadline, retries, cost of its usage), a panel consulted
// through `consult`, as the second-opinion use case consults it (so the council, its review and adaptive
// consultation are exactly what a caller gets) but with no conversation (panel-consultation.ts), and a
// synthesis written as the council writes one. Nothing is added to the caller's conversations. Each call
// first holds its worst case against the run's budget, and is charged what it cost.

import { askAlone, synthesiseAlone } from "../../consultation/index.ts";
import type { ModelOpinion, SecondOpinion } from "../../contract/opinions.ts";
import { ServiceError } from "../../contract/service-error.ts";
import type { EvaluationCalls, ModelReply, PanelReply } from "../../evaluation/run/evaluation-calls.ts";
import { consultPanel, type PanelConsultationParts } from "./panel-consultation.ts";
import type { RunBudget } from "./run-budget.ts";

/**
 * What the calls are made with: the panel's parts (the engine's services, their model factory capped
 * per provider) and the run's budget.
 */
export interface ModelCallContext extends PanelConsultationParts {
  budget: RunBudget;
}

/** Failures of a consultation that are its answer (no answer), not the run's end. */
const answerFailures = new Set(["all_models_failed", "model_failed", "budget_exceeded"]);

/** The evaluation's calls over `context`. */
export function createModelCalls(context: ModelCallContext): EvaluationCalls {
  const { services, budget } = context;
  return {
    async ask(model, prompt, options) {
      const question = { model, prompt, instructions: options.system };
      const hold = budget.call();
      let opinion: ModelOpinion | undefined;
      try {
        opinion = await askAlone(services, question, { signal: options.signal, reserve: hold.reserve });
      } finally {
        await hold.settle(opinion?.cost);
      }
      return replyOf(opinion);
    },

    async consult(input, signal) {
      const hold = budget.call();
      let answer: SecondOpinion;
      try {
        answer = await consultPanel(context, input, signal, (usd) => hold.reserve(usd));
      } catch (error) {
        return unanswered(error, (paid) => hold.settle(paid));
      }
      await hold.settle(answer.summary.totalCost);
      return panelReplyOf(answer);
    },

    async synthesise(model, question, replies, signal) {
      const answers = replies.map(({ model, text, latencyMs }) => ({ model, response: text, latencyMs }));
      const hold = budget.call();
      let cost: number | undefined;
      try {
        const written = await synthesiseAlone(services, model, question, answers, {
          signal,
          reserve: hold.reserve,
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

/**
 * A consultation that failed: charged what its opinions cost, and, when the failure is its answer
 * (no answer), a consultation with the failure; else the error rethrown.
 */
async function unanswered(error: unknown, settle: (paid: number | undefined) => Promise<void>) {
  const opinions = error instanceof ServiceError ? error.details?.opinions : undefined;
  const paid = Array.isArray(opinions)
    ? (opinions as ModelOpinion[]).reduce((sum, opinion) => sum + (opinion.cost ?? 0), 0)
    : undefined;
  await settle(paid);
  if (!(error instanceof ServiceError && answerFailures.has(error.code))) throw error;
  return {
    text: "",
    costUsd: paid ?? 0,
    latencyMs: 0,
    opinions: Array.isArray(opinions) ? (opinions as ModelOpinion[]).map(replyOf) : [],
    failure: error.message,
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

/** A consultation's answer as the strategies read it: its synthesis, else the answer kept. */
function panelReplyOf(answer: SecondOpinion): PanelReply {
  const opinions = [answer.primary, ...answer.secondaryOpinions];
  const synthesis = answer.synthesis;
  const kept =
    opinions.find((opinion) => opinion.model === synthesis?.fallbackAnswerFrom) ??
    opinions.find((opinion) => !opinion.error);
  const text = synthesis && !synthesis.error ? synthesis.response : (kept?.response ?? "");
  const score = synthesis && !synthesis.error ? synthesis.assessment?.agreement.score : undefined;
  const path = answer.adaptive?.path;
  return {
    text,
    costUsd: answer.summary.totalCost ?? 0,
    latencyMs: answer.summary.totalLatencyMs,
    ...(score !== undefined ? { agreement: Math.min(1, Math.max(0, score)) } : {}),
    ...(path ? { adaptivePath: path } : {}),
    opinions: opinions.filter((opinion) => !opinion.pending).map(replyOf),
  };
}
