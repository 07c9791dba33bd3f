// A whole conversation as Markdown (for MCP resources and `ai-universe export --format md`) or as
// JSON. Second opinions show the synthesis, then every model's answer and the sources.

import type { Citation, ModelOpinion } from "../consultation/opinion.ts";
import type { SecondOpinionRecord } from "../consultation/second-opinion-result.ts";
import type { ConversationRecord, MessageRecord, Store } from "../store/store.ts";

/** A conversation with every message, oldest first. */
export interface ConversationExport {
  conversation: ConversationRecord;
  messages: MessageRecord[];
}

/** Reads every message of `conversation`, page by page. */
export async function exportConversation(
  conversation: ConversationRecord,
  store: Store,
): Promise<ConversationExport> {
  const messages: MessageRecord[] = [];
  for (let afterSequence = 0; ; ) {
    const page = await store.readMessages(conversation.id, { afterSequence, limit: 200 });
    messages.push(...page.messages);
    const last = page.messages.at(-1);
    if (!page.hasMore || !last) break;
    afterSequence = last.sequence;
  }
  return { conversation, messages };
}

/** Renders the conversation as Markdown. */
export function conversationMarkdown({ conversation, messages }: ConversationExport): string {
  const lines = [
    `# ${conversation.title || "Untitled conversation"}`,
    "",
    `Conversation \`${conversation.id}\`, ${conversation.messageCount} messages, started ${conversation.createdAt}, last updated ${conversation.updatedAt}.`,
  ];
  for (const message of messages) {
    lines.push("", `## ${heading(message)}`, "", message.content.trim());
    const secondOpinion = message.metadata.secondOpinion as SecondOpinionRecord | undefined;
    if (secondOpinion) lines.push(...opinionSections(secondOpinion));
  }
  return `${lines.join("\n")}\n`;
}

function heading(message: MessageRecord): string {
  const when = `#${message.sequence}, ${message.createdAt}`;
  if (message.role === "user") return `User (${when})`;
  const secondOpinion = message.metadata.secondOpinion as SecondOpinionRecord | undefined;
  if (secondOpinion) {
    const author =
      secondOpinion.synthesis && !secondOpinion.synthesis.error
        ? `synthesis by ${secondOpinion.synthesis.model}`
        : secondOpinion.primary.model;
    return `Second opinion: ${author} (${when})`;
  }
  const model = typeof message.metadata.model === "string" ? `: ${message.metadata.model}` : "";
  return `${message.role === "assistant" ? "Assistant" : "System"}${model} (${when})`;
}

function opinionSections(record: SecondOpinionRecord): string[] {
  const lines: string[] = [];
  for (const opinion of [record.primary, ...record.secondaryOpinions]) {
    lines.push(
      "",
      `### ${opinion.model} (${opinion.modelDisplayName})${opinion.error ? ", failed" : ""}`,
      "",
      opinion.response.trim(),
    );
    lines.push(...sourceList(opinion.citations));
    lines.push("", `_${usageLine(opinion)}_`);
  }
  if (record.synthesis?.sources.length)
    lines.push("", "### Sources", ...sourceList(record.synthesis.sources));
  return lines;
}

function sourceList(citations: readonly Citation[] | undefined): string[] {
  return (citations ?? []).length > 0
    ? ["", ...(citations ?? []).map((citation) => `- [${citation.title}](${citation.url})`)]
    : [];
}

function usageLine(opinion: ModelOpinion): string {
  const parts = [`${opinion.latencyMs} ms`];
  if (opinion.tokensUsed !== undefined) parts.push(`${opinion.tokensUsed} tokens`);
  if (opinion.cost !== undefined) parts.push(`$${opinion.cost.toFixed(6)}`);
  return parts.join(", ");
}
