// The one front door of the engine. Its methods are the use cases; each takes a verified caller and
// raw input, validates the input against its schema, scopes every read and write to the caller,
// runs idempotency, and throws ServiceError with a stable code. MCP, the CLI and any other front end
// only translate to and from it, so every rule holds on every path.

import { type ClientTimeLimit, knownClientTimeLimits } from "../configuration/client-time-limits.ts";
import type { ConsultationServices, RunOptions } from "../consultation/consultation-services.ts";
import { panelStrategy, readStoredSecondOpinion } from "../consultation/council/panel-strategy.ts";
import { messageResult } from "../consultation/turn/message-result.ts";
import { secondOpinionResult } from "../consultation/turn/second-opinion-result.ts";
import { readStoredReply, singleModelStrategy } from "../consultation/turn/single-model-strategy.ts";
import { replayTurn, runTurn } from "../consultation/turn/turn-pipeline.ts";
import type { SecondOpinionResult, SendMessageResult } from "../contract/consultation-results.ts";
import type {
  ConversationExport,
  ConversationListResult,
  DeleteResult,
  HistoryResult,
  SearchResult,
} from "../contract/conversations.ts";
import {
  conversationInput,
  historyInput,
  listInput,
  modelsInput,
  renameInput,
  searchInput,
  secondOpinionInput,
  sendMessageInput,
  usageInput,
} from "../contract/inputs.ts";
import type { ConversationSummary } from "../contract/messages.ts";
import type { ModelListing } from "../contract/models.ts";
import { ServiceError } from "../contract/service-error.ts";
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
import { type AnswerByRules, answerByOf, type ConsultationOptions } from "./answer-by.ts";
import { attachmentsFrom } from "./attachment-input.ts";
import { type Caller, localTier } from "./caller.ts";
import { conversationMarkdown } from "./conversations/conversation-markdown.ts";
import { deleteConversation } from "./conversations/delete-conversation.ts";
import { exportConversation } from "./conversations/export-conversation.ts";
import { IdempotencyGate } from "./conversations/idempotency-gate.ts";
import { listConversations } from "./conversations/list-conversations.ts";
import { createCursorCodec } from "./conversations/paging.ts";
import { readHistory } from "./conversations/read-history.ts";
import { renameConversation } from "./conversations/rename-conversation.ts";
import { searchConversations } from "./conversations/search-conversations.ts";
import { type CostQuestionUseCase, createCostQuestion } from "./cost-question.ts";
import { createEvaluationUseCases, type EvaluationUseCases } from "./evaluation/evaluation-use-cases.ts";
import { type LateOpinionWatch, watchLateOpinions } from "./late-opinion-watch.ts";
import { createLateWork, type LateWork } from "./late-work.ts";
import type { Admission } from "./limits/admission.ts";
import { runWithinBudget } from "./limits/budgeted-run.ts";
import { limitedLateOpinionWatch } from "./limits/late-opinion-streams.ts";
import { describeModels } from "./model-listing.ts";
import { createStatusUseCases, type StatusSources, type StatusUseCases } from "./status-use-cases.ts";
import { createTaskRunner, defaultTaskLifetimes, type TaskRunner } from "./tasks/task-runner.ts";
import { createTaskUseCases, type TaskUseCases } from "./tasks/task-use-cases.ts";

/**
 * The use cases. Inputs are `unknown`: each method validates what it is given. Besides the
 * consultations and conversations below: tasks (tasks/task-use-cases.ts), who a credential proves the
 * caller is, web sessions and API keys (accounts/account-use-cases.ts), the program's status
 * (status-use-cases.ts), evaluation runs (evaluation/evaluation-use-cases.ts), and whether a costly call
 * is confirmed first (cost-question.ts).
 */
export interface Application
  extends TaskUseCases,
    AccountUseCases,
    StatusUseCases,
    EvaluationUseCases,
    CostQuestionUseCase {
  /**
   * A consultation: several models answer one question at once; one writes the synthesis; the turn is
   * stored. Answered by the answer-by time decided from the input and `options.client` (answer-by.ts).
   */
  secondOpinion(caller: Caller, input: unknown, options: ConsultationOptions): Promise<SecondOpinionResult>;
  /** One model answers, with the conversation so far as context; the turn is stored. */
  sendMessage(caller: Caller, input: unknown, options: ConsultationOptions): Promise<SendMessageResult>;
  /** One page of a conversation's messages, oldest first. */
  getHistory(caller: Caller, input: unknown): Promise<HistoryResult>;
  /** One page of the caller's conversations, most recently updated first. */
  listConversations(caller: Caller, input: unknown): Promise<ConversationListResult>;
  /** The caller's conversations matching some words, best first, with highlighted snippets. */
  searchConversations(caller: Caller, input: unknown): Promise<SearchResult>;
  /** Gives a conversation a new title. */
  renameConversation(caller: Caller, input: unknown): Promise<ConversationSummary>;
  /** Deletes a conversation with all its messages, and stops its models still answering. */
  deleteConversation(caller: Caller, input: unknown): Promise<DeleteResult>;
  /** A whole conversation with every message. */
  exportConversation(caller: Caller, input: unknown): Promise<ConversationExport>;
  /** A whole conversation as Markdown. */
  readConversationMarkdown(caller: Caller, input: unknown): Promise<string>;
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
  /** The late work of this process (shared with an evaluation's consultations); default: a new one. */
  lateWork?: LateWork;
  /** Clients known to give up on a call after a fixed time; default: the known ones. */
  clientTimeLimits?: readonly ClientTimeLimit[];
}

/** Builds the application over the engine's services. */
export function createApplication(services: ConsultationServices, options: ApplicationOptions): Application {
  const { store } = services;
  const { admission } = options;
  const gate = new IdempotencyGate(store);
  const cursors = createCursorCodec(options.cursorKey);
  const answerByRules: AnswerByRules = {
    answerByMs: services.defaults.answerByMs,
    clientTimeLimits: options.clientTimeLimits ?? knownClientTimeLimits,
  };
  const lateWork = options.lateWork ?? createLateWork(store.broadcast);
  const tasks =
    options.tasks ??
    createTaskRunner(store.tasks, { staleMs: 30_000, ...defaultTaskLifetimes }, services.clock, () => {});
  /**
   * A message continues a conversation that only the store keeps: on a store that cannot be written it
   * is refused before any model is asked, rather than answered and then forgotten.
   */
  const refuseUnlessWritable = async () => {
    const health = await store.health();
    if (health.writable) return;
    throw new ServiceError(
      "store_unavailable",
      `${(health.error ?? "The store cannot be written.").replace(/\.$/, "")}. The message was not sent: its reply could not be kept.`,
    );
  };
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
      configuration: options.providers ?? {
        providers: readProviderSettings({}),
        models: services.roster.available,
        environment: {},
      },
    }),
    ...createEvaluationUseCases({
      services,
      admission,
      // The evaluation's consultations are this use case over its own model factory (each provider capped).
      secondOpinionWith: (createModel) => {
        const consultations = createApplication(
          { ...services, createModel },
          { ...options, tasks, lateWork },
        );
        return (caller, input, running) => consultations.secondOpinion(caller, input, running);
      },
    }),
    ...createCostQuestion(services, admission, options.confirmAboveUsd ?? null),
    watchLateOpinions: limitedLateOpinionWatch(
      (caller, input, watch) =>
        watchLateOpinions({ store, defaults: services.defaults }, caller, input, watch),
      admission,
    ),
    models: services.roster,
    finishLateOpinions: (waitMs) => lateWork.finish(waitMs),

    async secondOpinion(caller, input, options) {
      const {
        idempotencyKey,
        attachments: attached,
        answerWithinSeconds,
        ...rest
      } = validateInput(secondOpinionInput, input);
      const attachments = await attachmentsFrom(attached);
      const request = { ...rest, ...(attachments.length > 0 ? { attachments } : {}) };
      const { client, ...run } = options;
      const answerByMs = answerByOf({ answerWithinSeconds }, client, answerByRules);
      const running: RunOptions = { ...run, ...(answerByMs !== undefined ? { answerByMs } : {}) };
      const turn = { owner: caller.userId, ...request };
      return gate.run(
        { owner: caller.userId, key: idempotencyKey, tool: "agent.second_opinion", arguments: request },
        async (stamp) => {
          await admission.admit(caller);
          const late = lateWork.track(running);
          // A late opinion is paid for too: its cost is charged when it lands, inside the call's reservation.
          const outcome = await runWithinBudget(
            admission.callBudget(caller),
            late.options,
            (reserve, budgeted) => {
              const tier = admission.tierOf(caller);
              const cost = {
                maxCostUsd: request.maxCostUsd,
                unpricedModels: tier.unpricedModels,
                reserve: async (usd: number) => {
                  await options.reserve?.(usd);
                  await reserve(usd);
                },
                dailyBudget: tier.dailyBudgetUsd !== null,
              };
              return runTurn(turn, panelStrategy(services, request, cost), services, budgeted, stamp);
            },
            (done) => done.answer.summary.totalCost,
          ).catch((error: unknown) => {
            late.failed();
            throw error;
          });
          const result = secondOpinionResult(outcome);
          late.belongsTo(caller.userId, result.conversationId);
          return result;
        },
        (stored) => secondOpinionResult(replayTurn(stored, readStoredSecondOpinion)),
        options.signal,
      );
    },

    async sendMessage(caller, input, options) {
      const { idempotencyKey, ...request } = validateInput(sendMessageInput, input);
      const turn = {
        owner: caller.userId,
        question: request.content,
        conversationId: request.conversationId,
        title: request.title,
      };
      return gate.run(
        { owner: caller.userId, key: idempotencyKey, tool: "conversation.send-message", arguments: request },
        async (stamp) => {
          await admission.admit(caller);
          await refuseUnlessWritable();
          const outcome = await runWithinBudget(
            admission.callBudget(caller),
            options,
            (reserve, budgeted) => {
              const cost = {
                maxCostUsd: request.maxCostUsd,
                unpricedModels: admission.tierOf(caller).unpricedModels,
                reserve,
              };
              return runTurn(
                turn,
                singleModelStrategy(services, request.model, cost),
                services,
                budgeted,
                stamp,
              );
            },
            (done) => done.answer.cost,
          );
          return messageResult(outcome);
        },
        (stored) => messageResult(replayTurn(stored, readStoredReply)),
        options.signal,
      );
    },

    async getHistory(caller, input) {
      const request = validateInput(historyInput, input);
      await admission.admit(caller);
      return readHistory(store.conversations.of(caller.userId), cursors, request);
    },

    async listConversations(caller, input) {
      const request = validateInput(listInput, input);
      await admission.admit(caller);
      return listConversations(store.conversations.of(caller.userId), cursors, request);
    },

    async searchConversations(caller, input) {
      const request = validateInput(searchInput, input);
      await admission.admit(caller);
      return searchConversations(store.conversations.of(caller.userId), request);
    },

    async renameConversation(caller, input) {
      const request = validateInput(renameInput, input);
      await admission.admit(caller);
      return renameConversation(store.conversations.of(caller.userId), request);
    },

    async deleteConversation(caller, input) {
      const { conversationId } = validateInput(conversationInput, input);
      await admission.admit(caller);
      const deleted = await deleteConversation(store.conversations.of(caller.userId), conversationId);
      await lateWork.stopConversation(caller.userId, deleted.conversationId).catch(() => {});
      return deleted;
    },

    async exportConversation(caller, input) {
      const { conversationId } = validateInput(conversationInput, input);
      await admission.admit(caller);
      return exportConversation(store.conversations.of(caller.userId), conversationId);
    },

    async readConversationMarkdown(caller, input) {
      return conversationMarkdown(await this.exportConversation(caller, input));
    },

    async listModels(caller, input = {}) {
      validateInput(modelsInput, input);
      await admission.admit(caller);
      const listing = describeModels(services.roster, services.defaults.panels ?? []);
      if (caller.tier === localTier) return listing;
      // Where prices come from and why a refresh failed are the operator's business, not every user's.
      const { refreshHost: _host, refreshError: _error, ...priceData } = listing.priceData;
      return { ...listing, priceData };
    },

    async usage(caller, input = {}) {
      validateInput(usageInput, input);
      return admission.usage(caller);
    },
  };
}
