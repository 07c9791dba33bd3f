// `ai-universe export <id> --format md|json`: writes one conversation to stdout. It reads the store
// directly, as the operator of this machine, so it can export any user's conversation.

import { loadConfiguration } from "../configuration/configuration.ts";
import { checkConversationId } from "../consultation/load-conversation.ts";
import { conversationMarkdown, exportConversation } from "../conversations/conversation-export.ts";
import { openSqliteStore } from "../store/sqlite/sqlite-store.ts";
import type { CommandOptions } from "./command-line.ts";

/** Exports the conversation; exit code 1 when it does not exist. */
export async function runExport(options: CommandOptions): Promise<number> {
  const conversationId = options.conversationId ?? "";
  checkConversationId(conversationId);
  const configuration = loadConfiguration({
    environment: options.environment,
    ...(options.configPath ? { configPath: options.configPath } : {}),
    ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
  });
  const store = openSqliteStore(configuration.databaseUrl);
  try {
    const conversation = await store.getConversation(conversationId);
    if (!conversation) {
      process.stderr.write(
        `ai-universe: conversation ${conversationId} does not exist in ${configuration.databaseUrl}.\n`,
      );
      return 1;
    }
    const exported = await exportConversation(conversation, store);
    process.stdout.write(
      options.format === "json" ? `${JSON.stringify(exported, null, 2)}\n` : conversationMarkdown(exported),
    );
    return 0;
  } finally {
    await store.close();
  }
}
