// The one front door of the engine. Its methods are the use cases; each takes a verified caller and
// raw input, validates the input against its schema, scopes every read and write to the caller,
// runs idempotency, and throws ServiceError with a stable code. MCP, the CLI and any other front end
// only translate to and from it, so every rule holds on every path.

import { type ClientTimeLimit, knownClientTimeLimits } from "../configuration/client-time-limits.ts";
import { describeKeySources } from "../configuration/key-sources.ts";
import type { SecondOpinionResult, SendMessageResult } from "../contract/consultation-results.ts";
import { modelsInput, usageInput } from "../contract/inputs.ts";
import type { ModelListing } from "../contract/models.ts";
import type { ReplayAnswer } from "../contract/replay.ts";
import type { Usage } from "../contract/usage.ts";
import { validateInput } from "../contract/validate-input.ts";
import type { ModelRoster } from "../providers/model-roster.ts";
import { readProviderSettings } from "../providers/provider-environment.ts";
import {
  type AccessSettings,
  type AccountUseCases,
  createAccountUseCases,
  noAccounts,
} from "./accounts/account-use-cases.ts";
import type { ConsultationOptions } from "./answer-by.ts";
import type { ApplicationServices } from "./application-services.ts";
import type { Caller } from "./caller.ts";
import {
  type ConversationUseCases,
  createConversationUseCases,
} from "./conversations/conversation-use-cases.ts";
import { IdempotencyGate } from "./conversations/idempotency-gate.ts";
import { createCursorCodec } from "./conversations/paging.ts";
import { type CostQuestionUseCase, createCostQuestion } from "./cost-question.ts";
import { createEvaluationUseCases, type EvaluationUseCases } from "./evaluation/evaluation-use-cases.ts";
import { type LateOpinionWatch, watchLateOpinions } from "./late-opinion-watch.ts";
import { createLateWork, type LateWork } from "./late-work.ts";
import type { Admission } from "./limits/admission.ts";
import { limitedLateOpinionWatch } from "./limits/late-opinion-streams.ts";
import { describeModels } from "./model-listing.ts";
import { createPanelPairs, type PanelPairsUseCase } from "./panel-pairs.ts";
import { replayUseCase } from "./replay/replay-use-case.ts";
import { createStatusUseCases, type StatusSources, type StatusUseCases } from "./status-use-cases.ts";
import { createTaskRunner, defaultTaskLifetimes, type TaskRunner } from "./tasks/task-runner.ts";
import { createTaskUseCases, type TaskUseCases } from "./tasks/task-use-cases.ts";
import { secondOpinionUseCase } from "./turns/second-opinion-use-case.ts";
import { sendMessageUseCase } from "./turns/send-message-use-case.ts";

/**
 * The use cases. Inputs are `unknown`: each method validates what it is given. Besides the
 * consultations and conversations below: tasks (tasks/task-use-cases.ts), who a credential proves the
 * caller is, web sessions and API keys (accounts/account-use-cases.ts), the program's status
 * (status-use-cases.ts), evaluation runs (evaluation/evaluation-use-cases.ts), whether a costly call
 * is confirmed first (cost-question.ts), and the default panel's independent votes (panel-pairs.ts).
 */
export interface Application
  extends TaskUseCases,
    AccountUseCases,
    StatusUseCases,
    EvaluationUseCases,
    CostQuestionUseCase,
    PanelPairsUseCase,
    ConversationUseCases {
  /**
   * A consultation: several models answer one question at once; one writes the synthesis; the turn is
   * stored. Answered by the answer-by time decided from the input and `options.client` (answer-by.ts).
   */
  secondOpinion(caller: Caller, input: unknown, options: ConsultationOptions): Promise<SecondOpinionResult>;
  /**
   * A stored question of the caller's conversation asked again as a new turn of it (of `models`, or
   * today's default panel), marked `replayOf`, with what changed since the old turn.
   */
  replay(caller: Caller, input: unknown, options: ConsultationOptions): Promise<ReplayAnswer>;
  /** One model answers, with the conversation so far as context; the turn is stored. */
  sendMessage(caller: Caller, input: unknown, options: ConsultationOptions): Promise<SendMessageResult>;
  /** The caller's limits, use, spend and reset times; not counted against the limits. */
  usage(caller: Caller, input?: unknown): Promise<Usage>;
  /** Every model with its availability, price and capabilities, and every panel; counted like a read. */
  listModels(caller: Caller, input?: unknown): Promise<ModelListing>;
  /**
   * Follows the caller's answer `{ messageId }` until every model still running when it was given has
   * landed; resolves with the models that never will. Counted as one request; a user holds a few open at
   * once (limits/late-opinion-streams.ts).
   */
  watchLateOpinions(caller: Caller, input: unknown, options: LateOpinionWatch): Promise<string[]>;
  /**
   * At shutdown: waits up to `waitMs` for the models still running after their calls' answers, then
   * stops the rest, each stored as stopped; resolves with how many calls had models stopped.
   */
  finishLateOpinions(waitMs: number): Promise<number>;
  /** The models of this run: which are available, and why the others are not. */
  readonly models: ModelRoster;
}

/** What the application needs besides the engine's services. */
export interface ApplicationOptions {
  /** Signs paging cursors (the store's key). */
  cursorKey: string;
  /** Counts every use case but `usage`, the status and the accounts against the caller's tier. */
  admission: Admission;
  /** The task runner of this process; default: one over the store's tasks, keeping them a day. */
  tasks?: TaskRunner;
  /** How callers prove who they are, and the tiers; default: no accounts (mode none), the default tiers. */
  access?: AccessSettings;
  /** The providers and models the operator's checks ask about; default: the roster's, no provider. */
  providers?: StatusSources["configuration"];
  /** The estimate in USD above which a costly call is confirmed first; null or absent: never. */
  confirmAboveUsd?: number | null;
  /** The late work of this process; default: a new one. */
  lateWork?: LateWork;
  /** Clients known to give up on a call after a fixed time; default: the known ones. */
  clientTimeLimits?: readonly ClientTimeLimit[];
}

/** Builds the application over the engine's services. */
export function createApplication(services: ApplicationServices, options: ApplicationOptions): Application {
  const { store } = services;
  const { admission } = options;
  const gate = new IdempotencyGate(store);
  const cursors = createCursorCodec(options.cursorKey);
  const lateWork = options.lateWork ?? createLateWork(store.broadcast);
  const tasks =
    options.tasks ??
    createTaskRunner(store.tasks, { staleMs: 30_000, ...defaultTaskLifetimes }, services.clock, () => {});
  const configuration = options.providers ?? {
    providers: readProviderSettings({}),
    models: services.roster.available,
    environment: {},
  };
  const secondOpinion = secondOpinionUseCase(
    { services, admission, gate, lateWork },
    {
      answerByMs: services.defaults.answerByMs,
      clientTimeLimits: options.clientTimeLimits ?? knownClientTimeLimits,
    },
    configuration.environment,
  );
  return {
    ...createTaskUseCases(tasks, admission, cursors),
    ...createAccountUseCases({
      ...(options.access ?? noAccounts),
      keys: store.accounts,
      webSessions: store.webSessions,
      clock: services.clock,
    }),
    ...createStatusUseCases({
      health: () => store.health(),
      roster: services.roster,
      panels: services.defaults.panels ?? [],
      configuration,
    }),
    ...createEvaluationUseCases({ services, admission }),
    ...createCostQuestion(services, admission, options.confirmAboveUsd ?? null),
    ...createPanelPairs(services, admission),
    ...createConversationUseCases(store, admission, cursors, lateWork),
    watchLateOpinions: limitedLateOpinionWatch(
      (caller, input, watch) =>
        watchLateOpinions({ store, defaults: services.defaults }, caller, input, watch),
      admission,
    ),
    models: services.roster,
    finishLateOpinions: (waitMs) => lateWork.finish(waitMs),
    secondOpinion,
    replay: replayUseCase(store, secondOpinion),
    sendMessage: sendMessageUseCase({ services, admission, gate }),

    async listModels(caller, input = {}) {
      validateInput(modelsInput, input);
      await admission.admit(caller);
      const panels = services.defaults.panels ?? [];
      return describeModels(caller, services.roster, panels, () => describeKeySources(configuration));
    },

    async usage(caller, input = {}) {
      validateInput(usageInput, input);
      return admission.usage(caller);
    },
  };
}
