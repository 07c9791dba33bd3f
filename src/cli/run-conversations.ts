// `ai-universe conversations [--search TEXT]`, `history ID` and `delete ID`: the caller's saved
// conversations from a terminal, locally or on a server, as readable text or the exact JSON result.

import { connect } from "./application-connection.ts";
import type { CommandOptions } from "./command-line.ts";
import { markdownRenderer } from "./terminal/render-markdown.ts";
import { terminalStyle } from "./terminal/terminal-style.ts";
import type { TerminalOptions } from "./terminal-options.ts";

/** Runs `conversations`, `history` or `delete`; returns the exit code. */
export async function runConversations(
  command: "conversations" | "history" | "delete",
  options: CommandOptions,
): Promise<number> {
  const terminal = options.terminal as TerminalOptions;
  const style = terminalStyle(process.stdout, options.environment);
  const { colors } = style;
  const connection = await connect(options);
  const print = (value: unknown, text: () => string) =>
    process.stdout.write(terminal.json ? `${JSON.stringify(value, null, 2)}\n` : text());
  try {
    if (command === "delete") {
      const deleted = await connection.deleteConversation({ conversationId: terminal.conversationId });
      print(deleted, () => `Deleted ${deleted.conversationId} (${deleted.messagesDeleted} messages).\n`);
    } else if (command === "history") {
      const page = await connection.getHistory({
        conversationId: terminal.conversationId,
        ...(terminal.limit ? { limit: terminal.limit } : {}),
      });
      const markdown = markdownRenderer(style);
      print(page, () =>
        page.history.messages
          .map(
            (message) =>
              `${colors.bold(colors.magenta(`${message.sequence}. ${message.role}`))} ${colors.dim(message.createdAt)}\n\n${markdown(message.content)}`,
          )
          .join("\n")
          .concat(
            page.history.hasMore ? colors.dim(`More: --limit ${page.history.messages.length * 2}\n`) : "",
          ),
      );
    } else if (terminal.search) {
      const found = await connection.searchConversations({
        query: terminal.search,
        limit: terminal.limit ?? 20,
      });
      print(found, () =>
        found.results.length === 0
          ? `No conversation matches "${terminal.search}".\n`
          : found.results
              .map(
                (hit) =>
                  `${colors.bold(hit.title ?? "(untitled)")} ${colors.dim(hit.conversationId)}\n  ${hit.snippet.replace(/\s+/g, " ").replace(/\*\*(.+?)\*\*/g, (marked, word: string) => (style.colored ? colors.yellow(word) : marked))}\n`,
              )
              .join(""),
      );
    } else {
      const listed = await connection.listConversations({ limit: terminal.limit ?? 20 });
      print(listed, () =>
        listed.conversations.length === 0
          ? `No conversations yet in ${connection.where}. Start one with: ai-universe ask "..."\n`
          : listed.conversations
              .map(
                (conversation) =>
                  `${colors.dim(conversation.updatedAt.slice(0, 16).replace("T", " "))}  ${colors.bold(conversation.title ?? "(untitled)")}  ${colors.dim(`${conversation.messageCount} messages  ${conversation.id}`)}\n`,
              )
              .join(""),
      );
    }
    return 0;
  } finally {
    await connection.close();
  }
}
