// `ai-universe export <id> --format md|json`: writes one conversation to stdout, through the same
// use case as every other front end (the local user's by default; --user for another owner's).

import { localCaller, localTier } from "../application/caller.ts";
import { conversationMarkdown } from "../application/conversation-markdown.ts";
import type { CommandOptions } from "./command-line.ts";
import { startRuntime } from "./start-runtime.ts";

/** Exports the conversation; a missing one is a ServiceError (exit code 1). */
export async function runExport(options: CommandOptions): Promise<number> {
  const runtime = await startRuntime(options, false);
  try {
    const caller = options.user ? { userId: options.user, tier: localTier } : localCaller;
    const exported = await runtime.universe.exportConversation(caller, {
      conversationId: options.conversationId,
    });
    process.stdout.write(
      options.format === "json" ? `${JSON.stringify(exported, null, 2)}\n` : conversationMarkdown(exported),
    );
    return 0;
  } finally {
    await runtime.close();
  }
}
