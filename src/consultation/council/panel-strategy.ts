// The panel turn (`agent.second_opinion`): the primary and the secondaries answer at once, each with
// only the question, the conversation so far and, when asked, the side it argues; then, when asked,
// debate rounds and the council review; then one model writes the synthesis with its assessment,
// knowing all of it. Only when every model fails is there nothing to store.

import type { ModelEntry, ReasoningLevel } from "../../configuration/model-entry.ts";
import type { DebateRound, ModelOpinion, SecondOpinion, Stance } from "../../contract/opinions.ts";
import type { ConsultationEvent } from "../../contract/progress-events.ts";
import { ServiceError } from "../../contract/service-error.ts";
import { maxSearchesPerCall } from "../../providers/call-settings.ts";
import type { Message } from "../../store/store.ts";
import type { ConsultationServices } from "../consultation-services.ts";
import { askModel } from "../model-call/ask-model.ts";
import type { Hedge } from "../model-call/hedged-call.ts";
import { callPolicy } from "../model-call/retried-call.ts";
import { type CostPolicy, estimateTokens, fitPlanToBudget } from "../planning/cost-budget.ts";
import { type ModelChoice, planConsultation } from "../planning/model-selection.ts";
import { type Attachment, attachmentTokens, questionContent } from "../turn/attachments.ts";
import { buildContext, type ContextTrim } from "../turn/conversation-context.ts";
import { type LateOpinion, pendingNote } from "../turn/late-opinions.ts";
import { summarise } from "../turn/second-opinion-result.ts";
import type { TurnStrategy } from "../turn/turn-pipeline.ts";
import { answeredWithin, detachable } from "./answer-deadline.ts";
import { reviewAnswers } from "./council-review.ts";
import { debate, stanceInstruction } from "./debate.ts";
import { synthesise } from "./synthesis.ts";

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
}

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
  const featuresOf = (entry: ModelEntry) => ({
    reasoning: choice.reasoning ?? chosen.reasoning ?? entry.reasoning,
    webSearch,
  });
  return {
    async ask(question, history, options) {
      const promptCharacters = history.reduce(
        (sum, message) => sum + message.content.length,
        question.length + opinionInstructions.length,
      );
      // A hedge may send each opinion twice: the estimate counts it, so a cap holds.
      const extraCalls = rounds - 1 + (choice.review ? 1 : 0) + (chosen.hedge ? 1 : 0);
      const { plan, report, worstCaseUsd, synthesisAllowanceUsd } = fitPlanToBudget(
        chosen,
        estimateTokens(promptCharacters) + attachmentTokens(attachments),
        { ...cost, searchesPerCall: webSearch ? maxSearchesPerCall : 0 },
        extraCalls,
      );
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
      const participants = [
        { entry: plan.primary, role: "primary" as const },
        ...plan.secondaries.map((entry) => ({ entry, role: "secondary" as const })),
      ];
      onEvent({
        type: "consultation-started",
        models: participants.map((participant) => participant.entry.name),
        synthesis: plan.synthesis.length > 0,
      });
      const stream = options.stream === true;
      const hedgeFor = (entry: ModelEntry): Hedge | undefined => {
        const setting = plan.hedge;
        const afterMs = setting?.after === "p95" ? services.latencies?.p95(entry.name) : setting?.after;
        if (!setting || afterMs === undefined) return undefined;
        const backupName = setting.equivalents[entry.name];
        const backup = backupName
          ? services.roster.available.find((available) => available.name === backupName)
          : entry;
        return backup ? { afterMs, backup, backupModel: services.createModel(backup) } : undefined;
      };
      const trims: Record<string, ContextTrim> = {};
      const calls = participants.map(({ entry, role }) => {
        const stance = stances?.[entry.name];
        const instructions = stance
          ? `${opinionInstructions}\n${stanceInstruction(stance)}`
          : opinionInstructions;
        const context = buildContext(history, question, instructions, entry.contextWindow);
        if (history.length > 0) trims[entry.name] = context.trim;
        const { content, unseen } = questionContent(question, attachments, entry);
        const messages = [...context.messages.slice(0, -1), { role: "user" as const, content }];
        return askModel(
          {
            entry,
            role,
            instructions,
            messages,
            stream,
            hedge: hedgeFor(entry),
            features: featuresOf(entry),
            unseenAttachments: unseen,
          },
          services,
          policy,
          onEvent,
        );
      });
      const settled =
        options.answerWithinMs === undefined
          ? await Promise.all(calls)
          : await answeredWithin(calls, options.answerWithinMs);
      // Those that answered in time go on to the rounds, the review and the synthesis.
      const present = participants.filter((_participant, index) => settled[index] !== undefined);
      const firstRound = settled.filter((opinion): opinion is ModelOpinion => opinion !== undefined);
      const late: LateOpinion[] = participants.flatMap(({ entry }, index) =>
        settled[index] === undefined
          ? [{ model: entry.name, opinion: calls[index] as Promise<ModelOpinion> }]
          : [],
      );
      const pendingModels = late.map((running) => running.model);
      if (firstRound.every((opinion) => opinion.error)) {
        throw new ServiceError(
          "all_models_failed",
          `Every model failed, so there is no answer:\n${firstRound.map((opinion) => `- ${opinion.response}`).join("\n")}`,
          { opinions: firstRound },
        );
      }
      const debated =
        rounds > 1
          ? await debate(
              question,
              history,
              firstRound,
              present.map(({ entry }) => ({ entry, stance: stances?.[entry.name] })),
              rounds,
              { services, policy, onEvent, stream },
            )
          : undefined;
      const opinions = debated?.final ?? firstRound;
      const entries = new Map(present.map(({ entry }) => [entry.name, entry] as const));
      const review = choice.review
        ? await reviewAnswers(question, opinions, entries, services, policy, onEvent)
        : undefined;
      const council = {
        ...(stances ? { stances } : {}),
        ...(debated && debated.rounds.length > 1 ? { rounds: debated.rounds } : {}),
        ...(review ? { review } : {}),
      };
      const synthesis =
        plan.synthesis.length > 0
          ? await synthesise(question, history, opinions, plan.synthesis, {
              createModel: services.createModel,
              policy,
              remainingMs: () => defaults.requestDeadlineMs - (services.now() - started),
              onEvent,
              stream,
              council,
              pendingModels,
              ...(cost.dailyBudget ? { allowanceUsd: synthesisAllowanceUsd } : {}),
            })
          : undefined;
      const modelCalls = [
        ...(council.rounds ?? []).flatMap((round: DebateRound) => round.opinions),
        ...(council.rounds ? [] : opinions),
        ...(review?.reviews.map((peer) => peer.call) ?? []),
      ];
      const elapsed = services.now() - started;
      const byModel = new Map(opinions.map((opinion) => [opinion.model, opinion] as const));
      const [primary, ...secondaryOpinions] = participants.map(
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
                totalModels: participants.length,
                pendingModels,
                note: pendingNote(pendingModels),
              }
            : summary,
        ...budget,
        ...council,
        ...(pendingModels.length > 0 ? { pendingModels } : {}),
      };
      answerGiven = true;
      calling.detach();
      return {
        answer: secondOpinion,
        text: synthesis && !synthesis.error ? synthesis.response : bestAnswer(opinions),
        metadata: { secondOpinion, ...(Object.keys(trims).length > 0 ? { contextTrim: trims } : {}) },
        ...(late.length > 0 ? { late } : {}),
      };
    },
  };
}

/** The place of a model still running when the answer was due; the stored turn gets its opinion later. */
function stillRunning(entry: ModelEntry, elapsedMs: number): ModelOpinion {
  return {
    model: entry.name,
    modelId: entry.modelId,
    modelDisplayName: entry.displayName,
    response:
      "Still running when the answer was due; its opinion is added to this conversation when it lands.",
    latencyMs: Math.max(0, Math.round(elapsedMs)),
    citations: [],
    pending: true,
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

/** The stances, each naming a model of the consultation; throws invalid_argument otherwise. */
function checkedStances(
  stances: Record<string, Stance> | undefined,
  models: readonly ModelEntry[],
): Record<string, Stance> | undefined {
  if (!stances || Object.keys(stances).length === 0) return undefined;
  const names = models.map((entry) => entry.name);
  const strangers = Object.keys(stances).filter((name) => !names.includes(name));
  if (strangers.length > 0) {
    throw new ServiceError(
      "invalid_argument",
      `stances names ${strangers.join(", ")}, not in this consultation (${names.join(", ")}). Give stances only for the models asked.`,
    );
  }
  return stances;
}
