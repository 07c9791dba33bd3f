// The orchestrator of `agent.second_opinion`: plan the models, load the conversation, ask every
// model at once, synthesise, store the turn, build the result. Each stage lives in its own file.

import type { ConsultationDefaults } from "../configuration/configuration.ts";
import type { IdempotencyGate, IdempotencyStamp } from "../conversations/idempotency.ts";
import type { LanguageModelFactory } from "../providers/create-language-model.ts";
import type { ModelRoster } from "../providers/model-roster.ts";
import type { MessageRecord, Store } from "../store/store.ts";
import { callModel, callPolicy } from "./call-model.ts";
import { ConsultationError } from "./consultation-error.ts";
import { buildContext, type ContextTrim } from "./conversation-context.ts";
import { loadConversationForWrite } from "./load-conversation.ts";
import { type ModelChoice, planConsultation } from "./model-selection.ts";
import type { ConsultationEvent, ModelOpinion } from "./opinion.ts";
import { persistTurn, replaySecondOpinion } from "./persist-turn.ts";
import { type SecondOpinionRecord, type SecondOpinionResult, summarise } from "./second-opinion-result.ts";
import { synthesise } from "./synthesis.ts";

/** Instructions for every opinion: independent, direct, honest about uncertainty. */
export const opinionInstructions = [
  "You are one of several independent experts asked for an opinion on the user's question.",
  "Answer directly and completely. Be concrete, state your assumptions, and say where you are uncertain.",
  "When you rely on sources, name them.",
].join("\n");

/** Everything a consultation needs from outside; injected so tests need no globals. */
export interface ConsultationServices {
  store: Store;
  roster: ModelRoster;
  defaults: ConsultationDefaults;
  createModel: LanguageModelFactory;
  /** Configured keys, scrubbed from every error message. */
  secrets: readonly string[];
  /** Monotonic milliseconds (performance.now). */
  now: () => number;
  /** Wall clock for stored timestamps. */
  clock: () => Date;
  newId: () => string;
  /** Makes keyed writes happen at most once. */
  idempotency: IdempotencyGate;
}

/** The arguments of one consultation. */
export interface SecondOpinionRequest extends ModelChoice {
  question: string;
  conversationId?: string;
  /** Names a new conversation, or renames the one being continued. */
  title?: string;
  /** A retry with the same key returns the first call's stored result. */
  idempotencyKey?: string;
  /** The verified caller; null for the anonymous local user. */
  userId: string | null;
}

/** Options of one run: cancellation and progress. */
export interface RunOptions {
  signal: AbortSignal;
  onEvent?: (event: ConsultationEvent) => void;
}

/**
 * Runs a consultation, or replays the stored result of an earlier call with the same idempotency key.
 * Throws ConsultationError for bad input, cancellation, or when every model failed.
 */
export async function consultSecondOpinion(
  request: SecondOpinionRequest,
  services: ConsultationServices,
  options: RunOptions,
): Promise<SecondOpinionResult> {
  const { userId, idempotencyKey, ...callArguments } = request;
  return services.idempotency.run(
    { userId, key: idempotencyKey, tool: "agent.second_opinion", arguments: callArguments },
    (stamp) => consult(request, services, options, stamp),
    (stored) => replaySecondOpinion(stored, services.store),
  );
}

async function consult(
  request: SecondOpinionRequest,
  services: ConsultationServices,
  options: RunOptions,
  stamp: IdempotencyStamp | undefined,
): Promise<SecondOpinionResult> {
  const started = services.now();
  const onEvent = options.onEvent ?? (() => {});
  const plan = planConsultation(request, services.roster, services.defaults);
  const conversation = await loadConversationForWrite(request.conversationId, request.userId, services.store);
  const history: MessageRecord[] = conversation
    ? await services.store.readRecentMessages(conversation.id, 200)
    : [];
  const policy = callPolicy(
    services,
    options.signal,
    Math.min(services.defaults.modelDeadlineMs, services.defaults.requestDeadlineMs),
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
  const opinions: ModelOpinion[] = await Promise.all(
    participants.map(async ({ entry, role }) => {
      const context = buildContext(history, request.question, opinionInstructions, entry.contextWindow);
      if (history.length > 0) trims[entry.name] = context.trim;
      onEvent({ type: "model-started", model: entry.name, role });
      const opinion = await callModel(
        {
          entry,
          model: services.createModel(entry),
          instructions: opinionInstructions,
          messages: context.messages,
        },
        policy,
      );
      onEvent({
        type: "model-finished",
        model: entry.name,
        role,
        error: opinion.error === true,
        latencyMs: opinion.latencyMs,
      });
      return opinion;
    }),
  );
  const [primary, ...secondaryOpinions] = opinions as [ModelOpinion, ...ModelOpinion[]];
  if (opinions.every((opinion) => opinion.error)) {
    throw new ConsultationError(
      "all_models_failed",
      `Every model failed, so there is no answer:\n${opinions.map((opinion) => `- ${opinion.response}`).join("\n")}`,
      { opinions },
    );
  }

  const synthesis =
    plan.synthesis.length > 0
      ? await synthesise(request.question, opinions, plan.synthesis, {
          createModel: services.createModel,
          policy,
          remainingMs: () => services.defaults.requestDeadlineMs - (services.now() - started),
          onEvent,
        })
      : undefined;
  const record: SecondOpinionRecord = {
    primary,
    secondaryOpinions,
    ...(synthesis ? { synthesis } : {}),
    summary: summarise(opinions, synthesis, services.now() - started),
  };
  const answer = synthesis && !synthesis.error ? synthesis.response : bestAnswer(opinions);
  return persistTurn({ request, conversation, record, answer, trims, stamp }, services);
}

/** The answer stored when there is no synthesis: the primary's, or the first successful secondary's. */
function bestAnswer(opinions: readonly ModelOpinion[]): string {
  return (opinions.find((opinion) => !opinion.error) ?? opinions[0])?.response ?? "";
}
