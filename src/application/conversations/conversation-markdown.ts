// A whole conversation as Markdown (for MCP resources and `ai-universe export --format md`):
// second opinions show the synthesis, then every model's answer, usage and sources.

import type { ConversationExport } from "../../contract/conversations.ts";
import type { Citation, ModelOpinion, SecondOpinion } from "../../contract/opinions.ts";
import type { Message } from "../../store/store.ts";

/** Renders the conversation as Markdown. */
export function conversationMarkdown({ conversation, messages }: ConversationExport): string {
  const lines = [
    `# ${conversation.title || "Untitled conversation"}`,
    "",
    `Conversation \`${conversation.id}\`, ${conversation.messageCount} messages, started ${conversation.createdAt}, last updated ${conversation.updatedAt}.`,
  ];
  for (const message of messages) {
    lines.push("", `## ${heading(message)}`, "", message.content.trim());
    const secondOpinion = message.metadata.secondOpinion as SecondOpinion | undefined;
    if (secondOpinion) lines.push(...opinionSections(secondOpinion));
  }
  return `${lines.join("\n")}\n`;
}

function heading(message: Message): string {
  const when = `#${message.sequence}, ${message.createdAt}`;
  if (message.role === "user") return `User (${when})`;
  const secondOpinion = message.metadata.secondOpinion as SecondOpinion | undefined;
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

function opinionSections(secondOpinion: SecondOpinion): string[] {
  const lines: string[] = [];
  for (const opinion of [secondOpinion.primary, ...secondOpinion.secondaryOpinions]) {
    lines.push(
      "",
      `### ${opinion.model} (${opinion.modelDisplayName})${opinion.error ? ", failed" : ""}`,
      "",
      opinion.response.trim(),
    );
    lines.push(...sourceList(opinion.citations));
    lines.push("", `_${usageLine(opinion)}_`);
  }
  if (secondOpinion.synthesis?.sources.length)
    lines.push("", "### Sources", ...sourceList(secondOpinion.synthesis.sources));
  return lines;
}

function sourceList(citations: readonly Citation[] | undefined): string[] {
  return (citations ?? []).length > 0
    ? ["", ...(citations ?? []).map((citation) => `- [${citation.title}](${citation.url})`)]
    : [];
}

/** One line of a call's latency, tokens and cost (or the subscription that paid), leaving out what was not reported. */
export function usageLine(
  opinion: Pick<ModelOpinion, "latencyMs" | "tokensUsed" | "cost" | "billing">,
): string {
  const parts = [`${opinion.latencyMs} ms`];
  if (opinion.tokensUsed !== undefined) parts.push(`${opinion.tokensUsed} tokens`);
  if (opinion.billing) parts.push(`paid by ${opinion.billing}`);
  else if (opinion.cost !== undefined) parts.push(`$${opinion.cost.toFixed(6)}`);
  return parts.join(", ");
}
