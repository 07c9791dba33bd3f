// `ai-universe export <id> --format md|json`: writes one conversation to stdout, through the same
// use case as every other front end (the local user's by default; --user for another owner's). On a
// terminal the Markdown loses its escape sequences, as every other command's output does.

import { conversationMarkdown, localCaller, localTier } from "../application/index.ts";
import type { CommandOptions } from "./command-line.ts";
import { launchRuntime } from "./launch-runtime.ts";
import { terminalSafe } from "./terminal/terminal-text.ts";

/** Exports the conversation; a missing one is a ServiceError (exit code 1). */
export async function runExport(options: CommandOptions): Promise<number> {
  const runtime = await launchRuntime(options, false);
  try {
    const caller = options.user ? { userId: options.user, tier: localTier } : localCaller;
    const exported = await runtime.application.exportConversation(caller, {
      conversationId: options.conversationId,
    });
    // JSON escapes control characters itself; Markdown shown on a terminal loses its escape sequences.
    const markdown = () => conversationMarkdown(exported);
    process.stdout.write(
      options.format === "json"
        ? `${JSON.stringify(exported, null, 2)}\n`
        : process.stdout.isTTY
          ? terminalSafe(markdown())
          : markdown(),
    );
    return 0;
  } finally {
    await runtime.close();
  }
}
