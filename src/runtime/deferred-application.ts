// The application, loaded at its first use case rather than at start: it brings the AI SDK and the
// consultation engine, which a stdio server spawned by an MCP client does not need to answer
// `initialize` or list its tools.

import type { Application } from "../application/application.ts";
import type { ModelRoster } from "../providers/model-roster.ts";

/**
 * An Application whose use cases call the one `load` builds, loading it once, at the first call.
 * `models` is known at start. A failed load fails that call and is retried at the next.
 */
export function deferredApplication(roster: ModelRoster, load: () => Promise<Application>): Application {
  let loading: Promise<Application> | undefined;
  const application = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return {
    models: roster,
    secondOpinion: async (...args) => (await application()).secondOpinion(...args),
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
    // Nothing can be running before the first use case loads the application.
    finishLateOpinions: async (waitMs) => (loading ? (await loading).finishLateOpinions(waitMs) : 0),
  };
}
