// The panel turn (`agent.second_opinion`): the primary and the secondaries answer at once, each with
// only the question, the conversation so far and, when asked, the side it argues; then, when asked,
// debate rounds and the council review; then one model writes the synthesis with its assessment,
// knowing all of it. An adaptive turn asks two cheap models of different families first and stops
// there when they agree (adaptive.ts). Only when every model fails is there nothing to store.

import {
  type ConsultationStrategy,
  defaultAdaptiveAgreement,
} from "../../contract/consultation-strategies.ts";
import type { DebateRound, ModelOpinion, SecondOpinion, Stance } from "../../contract/opinions.ts";
import type { ConsultationEvent } from "../../contract/progress-events.ts";
import { ServiceError } from "../../contract/service-error.ts";
import { maxSearchesPerCall } from "../../providers/call-settings.ts";
import type { ReasoningLevel } from "../../providers/model-entry.ts";
import type { Message } from "../../store/store.ts";
import type { ConsultationServices } from "../consultation-services.ts";
import { callPolicy } from "../model-call/retried-call.ts";
import { type CostPolicy, estimateTokens, fitPlanToBudget } from "../planning/cost-budget.ts";
import { type ModelChoice, planConsultation } from "../planning/model-selection.ts";
import { type Attachment, attachmentTokens } from "../turn/attachments.ts";
import type { ContextTrim } from "../turn/conversation-context.ts";
import { type LateOpinion, pendingNote, stillRunning } from "../turn/late-opinions.ts";
import { summarise } from "../turn/second-opinion-result.ts";
import type { TurnStrategy } from "../turn/turn-pipeline.ts";
import { openTurn, reasonToAskAll } from "./adaptive.ts";
import { answeredBy, detachable } from "./answer-by-time.ts";
import { reviewAnswers } from "./council-review.ts";
import { checkedStances, debate } from "./debate.ts";
import { familyOf } from "./model-families.ts";
import { opinionAsker, opinionInstructions, type Participant } from "./panel-opinions.ts";
import { synthesise } from "./synthesis.ts";

/** What the council does beyond the opinions; every field is optional. */
export interface CouncilChoice {
  review?: boolean | undefined;
  stances?: Record<string, Stance> | undefined;
  rounds?: number | undefined;
  /** The reasoning of every call; absent: the panel's, else each model's own. */
  reasoning?: ReasoningLevel | undefined;
  /** Let the models search the web; absent: the panel's setting, else off. */
  webSearch?: boolean | undefined;
  /** Files for the models, checked (see attachments.ts). */
  attachments?: readonly Attachment[] | undefined;
  /** All at once, or two cheap models first (adaptive.ts); absent: the panel's, else all at once. */
  strategy?: ConsultationStrategy | undefined;
  /** The agreement at which an adaptive turn's first two settle it; absent: the panel's, else the default. */
  adaptiveAgreement?: number | undefined;
}

/**
 * A strategy for the models `choice` names (or the defaults), fitted to `cost` before any call.
 * Throws unknown_model or invalid_argument at once.
 */
export function panelStrategy(
  services: ConsultationServices,
  choice: ModelChoice & CouncilChoice,
  cost: CostPolicy,
): TurnStrategy<SecondOpinion> {
  const chosen = planConsultation(choice, services.roster, services.defaults);
  const stances = checkedStances(choice.stances, [chosen.primary, ...chosen.secondaries]);
  const rounds = choice.rounds ?? 1;
  const { defaults } = services;
  const attachments = choice.attachments ?? [];
  const webSearch = choice.webSearch ?? chosen.webSearch ?? false;
  const adaptive = (choice.strategy ?? chosen.strategy) === "adaptive";
  const threshold = choice.adaptiveAgreement ?? chosen.adaptiveAgreement ?? defaultAdaptiveAgreement;
  /** The plan fitted to the cost policy, for a question and the conversation so far. */
  const fit = (question: string, history: readonly Message[]) => {
    const promptCharacters = history.reduce(
      (sum, message) => sum + message.content.length,
      question.length + opinionInstructions.length,
    );
    const promptTokens = estimateTokens(promptCharacters) + attachmentTokens(attachments);
    // A review ranks twice; a hedge may send each opinion twice: the estimate counts it, so a cap holds.
    const extraCalls = rounds - 1 + (choice.review ? 2 : 0) + (chosen.hedge ? 1 : 0);
    // An adaptive turn may write two syntheses (the first two's, then everyone's) and ask every model.
    const fitted = fitPlanToBudget(
      chosen,
      promptTokens,
      { ...cost, searchesPerCall: webSearch ? maxSearchesPerCall : 0 },
      extraCalls,
      adaptive ? 2 : 1,
    );
    return { ...fitted, promptTokens };
  };
  return {
    estimate: fit,
    async ask(question, history, options) {
      const { plan, report, worstCaseUsd, synthesisAllowanceUsd, promptTokens } = fit(question, history);
      await cost.reserve?.(worstCaseUsd);
      const budget =
        report.maxCostUsd !== null || report.leftOut.length > 0 || report.unknownCost.length > 0
          ? { budget: report }
          : {};
      const started = services.now();
      let answerGiven = false;
      const onEvent = (event: ConsultationEvent) => {
        if (!answerGiven) options.onEvent?.(event);
      };
      // With an answer-by time, models still running then go on after the answer, whatever the caller's
      // request does; only a cancel before the answer (or the late signal after it) stops them.
      const calling = detachable(options.signal, options.lateSignal);
      const policy = callPolicy(
        services,
        calling.signal,
        Math.min(defaults.modelDeadlineMs, defaults.requestDeadlineMs),
      );
      const participants: Participant[] = [
        { entry: plan.primary, role: "primary" },
        ...plan.secondaries.map((entry) => ({ entry, role: "secondary" as const })),
      ];
      const stream = options.stream === true;
      const trims: Record<string, ContextTrim> = {};
      const askOpinion = opinionAsker(services, {
        question,
        history,
        plan,
        stances,
        attachments,
        features: (entry) => ({
          reasoning: choice.reasoning ?? chosen.reasoning ?? entry.reasoning,
          webSearch,
        }),
        stream,
        policy,
        onEvent,
        trims,
      });
      const families = new Map(participants.map(({ entry }) => [entry.name, familyOf(entry)] as const));
      const synthesisOf = (opinions: readonly ModelOpinion[], council: SynthesisCouncil, pending: string[]) =>
        synthesise(question, history, opinions, plan.synthesis, {
          createModel: services.createModel,
          policy,
          remainingMs: () => defaults.requestDeadlineMs - (services.now() - started),
          onEvent,
          stream,
          council,
          pendingModels: pending,
          families,
          ...(cost.dailyBudget ? { allowanceUsd: synthesisAllowanceUsd } : {}),
        });
      /** The opinions of `calls` in by the answer-by time (all of them without one). */
      const settle = (calls: readonly Promise<ModelOpinion>[]) =>
        options.answerByMs === undefined
          ? Promise.all(calls)
          : answeredBy(calls, Math.max(0, options.answerByMs - (services.now() - started)));

      // An adaptive turn asks two first, and answers from them when they agree.
      const opening = await openTurn(
        participants,
        adaptive
          ? {
              threshold,
              promptTokens,
              full: reasonToAskAll({ review: choice.review, rounds, synthesis: plan.synthesis.length > 0 }),
            }
          : undefined,
        {
          question,
          synthesis: plan.synthesis.length > 0,
          askOpinion,
          settle,
          synthesise: (opinions) => synthesisOf(opinions, {}, []),
          onEvent,
        },
      );
      const { asked, early, firstSynthesis, adaptive: adaptiveOutcome } = opening;
      const cheap = adaptiveOutcome?.path === "cheap";
      const calls = asked.map((participant) => early.get(participant) ?? askOpinion(participant));
      const settled = await settle(calls);
      // Those that answered in time go on to the rounds, the review and the synthesis.
      const present = asked.filter((_participant, index) => settled[index] !== undefined);
      const firstRoundOpinions = settled.filter((opinion): opinion is ModelOpinion => opinion !== undefined);
      const late: LateOpinion[] = asked.flatMap(({ entry }, index) =>
        settled[index] === undefined
          ? [{ model: entry.name, opinion: calls[index] as Promise<ModelOpinion> }]
          : [],
      );
      const pendingModels = late.map((running) => running.model);
      if (firstRoundOpinions.every((opinion) => opinion.error)) {
        throw new ServiceError(
          "all_models_failed",
          `Every model failed, so there is no answer:\n${firstRoundOpinions.map((opinion) => `- ${opinion.response}`).join("\n")}`,
          { opinions: firstRoundOpinions },
        );
      }
      const debated =
        rounds > 1
          ? await debate(
              question,
              history,
              firstRoundOpinions,
              present.map(({ entry }) => ({ entry, stance: stances?.[entry.name] })),
              rounds,
              { services, policy, onEvent, stream },
            )
          : undefined;
      const opinions = debated?.final ?? firstRoundOpinions;
      const entries = new Map(present.map(({ entry }) => [entry.name, entry] as const));
      const review = choice.review
        ? await reviewAnswers(question, opinions, entries, services, policy, onEvent)
        : undefined;
      const council = {
        ...(stances ? { stances } : {}),
        ...(debated && debated.rounds.length > 1 ? { rounds: debated.rounds } : {}),
        ...(review ? { review } : {}),
      };
      const synthesis = cheap
        ? firstSynthesis
        : plan.synthesis.length > 0
          ? await synthesisOf(opinions, council, pendingModels)
          : undefined;
      const modelCalls = [
        ...(council.rounds ?? []).flatMap((round: DebateRound) => round.opinions),
        ...(council.rounds ? [] : opinions),
        ...(review?.reviews.map((peer) => peer.call) ?? []),
        // The first two's synthesis, when the whole panel's replaced it, was paid for too.
        ...(firstSynthesis && !cheap ? [firstSynthesis] : []),
      ];
      const elapsed = services.now() - started;
      const byModel = new Map(opinions.map((opinion) => [opinion.model, opinion] as const));
      const [primary, ...secondaryOpinions] = asked.map(
        ({ entry }) => byModel.get(entry.name) ?? stillRunning(entry, elapsed),
      ) as [ModelOpinion, ...ModelOpinion[]];
      const summary = summarise(opinions, synthesis, elapsed, modelCalls);
      const secondOpinion: SecondOpinion = {
        primary,
        secondaryOpinions,
        ...(synthesis ? { synthesis } : {}),
        summary:
          pendingModels.length > 0
            ? {
                ...summary,
                totalModels: asked.length,
                pendingModels,
                note: pendingNote(pendingModels),
              }
            : summary,
        ...budget,
        ...council,
        ...(adaptiveOutcome ? { adaptive: adaptiveOutcome } : {}),
        ...(pendingModels.length > 0 ? { pendingModels } : {}),
      };
      answerGiven = true;
      calling.detach(Promise.allSettled(late.map((running) => running.opinion)));
      return {
        answer: secondOpinion,
        text: synthesis && !synthesis.error ? synthesis.response : bestAnswer(opinions),
        metadata: { secondOpinion, ...(Object.keys(trims).length > 0 ? { contextTrim: trims } : {}) },
        ...(late.length > 0 ? { late } : {}),
      };
    },
  };
}

/** What the council did, for the synthesis. */
type SynthesisCouncil = Pick<SecondOpinion, "stances" | "rounds" | "review">;

/** The opinions of a stored panel turn. */
export function readStoredSecondOpinion(assistant: Message): SecondOpinion {
  return assistant.metadata.secondOpinion as SecondOpinion;
}

/** The answer stored when there is no synthesis: the primary's, or the first successful secondary's. */
function bestAnswer(opinions: readonly ModelOpinion[]): string {
  return (opinions.find((opinion) => !opinion.error) ?? opinions[0])?.response ?? "";
}
