// The application, loaded at its first use case rather than at start: it brings the AI SDK and the
// consultation engine, which a stdio server spawned by an MCP client does not need to answer
// `initialize` or list its tools.

import type { AiUniverse } from "../application/ai-universe.ts";
import type { ModelRoster } from "../providers/model-roster.ts";

/**
 * An AiUniverse whose use cases call the one `load` builds, loading it once, at the first call.
 * `models` is known at start. A failed load fails that call and is retried at the next.
 */
export function deferredUniverse(roster: ModelRoster, load: () => Promise<AiUniverse>): AiUniverse {
  let loading: Promise<AiUniverse> | undefined;
  const universe = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return {
    models: roster,
    secondOpinion: async (...args) => (await universe()).secondOpinion(...args),
    sendMessage: async (...args) => (await universe()).sendMessage(...args),
    getHistory: async (...args) => (await universe()).getHistory(...args),
    listConversations: async (...args) => (await universe()).listConversations(...args),
    searchConversations: async (...args) => (await universe()).searchConversations(...args),
    renameConversation: async (...args) => (await universe()).renameConversation(...args),
    deleteConversation: async (...args) => (await universe()).deleteConversation(...args),
    exportConversation: async (...args) => (await universe()).exportConversation(...args),
    readConversationMarkdown: async (...args) => (await universe()).readConversationMarkdown(...args),
    usage: async (...args) => (await universe()).usage(...args),
    listModels: async (...args) => (await universe()).listModels(...args),
    // Nothing can be running before the first use case loads the application.
    finishLateOpinions: async (waitMs) => (loading ? (await loading).finishLateOpinions(waitMs) : 0),
  };
}
