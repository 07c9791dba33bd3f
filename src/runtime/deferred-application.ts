// The application, loaded at its first use case rather than at start: it brings the AI SDK and the
// consultation engine, which a stdio server spawned by an MCP client does not need to answer
// `initialize` or list its tools. What does not need the engine is loaded on its own, so a check of
// a request's credential, `ai-universe keys` or `/health` never waits for it: the accounts (identify,
// web sessions, keys) and the status (health, the model listing and checks).

import type { AccountUseCases } from "../application/accounts/account-use-cases.ts";
import type { Application } from "../application/application.ts";
import type { StatusUseCases } from "../application/status-use-cases.ts";
import type { ModelRoster } from "../providers/model-roster.ts";

/** How each part of the application is loaded. */
export interface ApplicationLoaders {
  /** The whole application: consultations, conversations, usage, tasks. */
  application(): Promise<Application>;
  /** The account use cases alone. */
  accounts(): Promise<AccountUseCases>;
  /** The status use cases alone. */
  status(): Promise<StatusUseCases>;
}

/**
 * An Application whose use cases call the parts `loaders` build, each loaded once, at its first call.
 * `models` is known at start. A failed load fails that call and is retried at the next.
 */
export function deferredApplication(roster: ModelRoster, loaders: ApplicationLoaders): Application {
  const application = once(loaders.application);
  const accounts = once(loaders.accounts);
  const status = once(loaders.status);
  return {
    models: roster,
    secondOpinion: async (...args) => (await application()).secondOpinion(...args),
    replay: async (...args) => (await application()).replay(...args),
    sendMessage: async (...args) => (await application()).sendMessage(...args),
    getHistory: async (...args) => (await application()).getHistory(...args),
    listConversations: async (...args) => (await application()).listConversations(...args),
    searchConversations: async (...args) => (await application()).searchConversations(...args),
    renameConversation: async (...args) => (await application()).renameConversation(...args),
    deleteConversation: async (...args) => (await application()).deleteConversation(...args),
    exportConversation: async (...args) => (await application()).exportConversation(...args),
    readConversationMarkdown: async (...args) => (await application()).readConversationMarkdown(...args),
    usage: async (...args) => (await application()).usage(...args),
    listModels: async (...args) => (await application()).listModels(...args),
    watchLateOpinions: async (...args) => (await application()).watchLateOpinions(...args),
    costQuestion: async (...args) => (await application()).costQuestion(...args),
    defaultPanelIndependence: async (...args) => (await application()).defaultPanelIndependence(...args),
    startTask: async (...args) => (await application()).startTask(...args),
    getTask: async (...args) => (await application()).getTask(...args),
    listTasks: async (...args) => (await application()).listTasks(...args),
    cancelTask: async (...args) => (await application()).cancelTask(...args),
    readTask: async (...args) => (await application()).readTask(...args),
    taskResult: async (...args) => (await application()).taskResult(...args),
    runEvaluation: async (...args) => (await application()).runEvaluation(...args),
    listEvaluations: async (...args) => (await application()).listEvaluations(...args),
    evaluationReport: async (...args) => (await application()).evaluationReport(...args),
    // Nothing can be running before the first use case loads the application.
    finishLateOpinions: async (waitMs) =>
      application.loaded ? (await application()).finishLateOpinions(waitMs) : 0,

    identify: async (...args) => (await accounts()).identify(...args),
    openWebSession: async (...args) => (await accounts()).openWebSession(...args),
    closeWebSession: async (...args) => (await accounts()).closeWebSession(...args),
    createApiKey: async (...args) => (await accounts()).createApiKey(...args),
    listApiKeys: async () => (await accounts()).listApiKeys(),
    revokeApiKey: async (...args) => (await accounts()).revokeApiKey(...args),
    callerOfUser: async (...args) => (await accounts()).callerOfUser(...args),

    health: async () => (await status()).health(),
    modelListing: async (...args) => (await status()).modelListing(...args),
    checkModels: async () => (await status()).checkModels(),
    checkProviders: async () => (await status()).checkProviders(),
  };
}

/** `load`, run at the first call and shared by the later ones; run again after a failure. */
function once<T>(load: () => Promise<T>): (() => Promise<T>) & { readonly loaded: boolean } {
  let loading: Promise<T> | undefined;
  const get = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return Object.defineProperty(get, "loaded", { get: () => loading !== undefined }) as typeof get & {
    readonly loaded: boolean;
  };
}
