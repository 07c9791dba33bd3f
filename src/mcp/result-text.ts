// The text block of a consultation's result, written for the calling model: the answer first, one
// line per model, and where the full record is. The full seed-shaped result stays in
// structuredContent; repeating it as text would cost the caller thousands of tokens per call.

import { usageLine } from "../application/conversation-markdown.ts";
import type { SendMessageResult } from "../consultation/message-result.ts";
import type { ModelOpinion } from "../consultation/opinion.ts";
import type { SecondOpinionResult } from "../consultation/second-opinion-result.ts";

/** Compact Markdown of a second opinion. `toolName` spells tool names as the client lists them. */
export function secondOpinionText(result: SecondOpinionResult, toolName: (name: string) => string): string {
  const { synthesis, summary } = result;
  const lines: string[] = [];
  if (synthesis && !synthesis.error) {
    lines.push(`## Synthesis (by ${synthesis.model})`, "", synthesis.response.trim());
  } else {
    const best =
      [result.primary, ...result.secondaryOpinions].find((opinion) => !opinion.error) ?? result.primary;
    if (synthesis?.error) lines.push(`No synthesis: ${synthesis.response.trim()}`, "");
    lines.push(`## Answer (by ${best.model})`, "", best.response.trim());
  }
  lines.push("", "## Models");
  for (const opinion of [result.primary, ...result.secondaryOpinions]) lines.push(modelLine(opinion));
  if (synthesis && !synthesis.error) lines.push(`- synthesis by ${synthesis.model}: ${usageLine(synthesis)}`);
  const totals = [
    `${summary.successfulModels} of ${summary.totalModels} models answered`,
    `${summary.totalLatencyMs} ms`,
  ];
  if (summary.totalTokens !== undefined) totals.push(`${summary.totalTokens} tokens`);
  if (summary.totalCost !== undefined) totals.push(`$${summary.totalCost.toFixed(6)}`);
  if (summary.unreportedUsage) totals.push(`usage not reported by ${summary.unreportedUsage.join(", ")}`);
  lines.push(`Total: ${totals.join(", ")}.`);
  const sources = synthesis?.sources ?? [];
  if (sources.length > 0) {
    lines.push("", "## Sources", ...sources.map((source) => `- [${source.title}](${source.url})`));
  }
  lines.push(
    "",
    recordLine(result.conversationId, result.conversationCreated, result.persistenceStatus.error, toolName),
  );
  return lines.join("\n");
}

/** Compact Markdown of a single-model reply. */
export function messageText(result: SendMessageResult, toolName: (name: string) => string): string {
  const { reply } = result;
  return [
    reply.response.trim(),
    "",
    `_${reply.model}: ${usageLine(reply)}_`,
    "",
    recordLine(result.conversationId, result.conversationCreated, result.persistenceStatus.error, toolName),
  ].join("\n");
}

function modelLine(opinion: ModelOpinion): string {
  const name = `- ${opinion.model} (${opinion.modelDisplayName})`;
  if (opinion.error) return `${name}: failed after ${opinion.latencyMs} ms: ${opinion.response.trim()}`;
  const citations = opinion.citations.length > 0 ? `, ${opinion.citations.length} sources` : "";
  return `${name}: ${usageLine(opinion)}${citations}`;
}

function recordLine(
  conversationId: string,
  created: boolean,
  persistenceError: string | null,
  toolName: (name: string) => string,
): string {
  if (persistenceError) return `Conversation ${conversationId}: ${persistenceError}`;
  return (
    `Conversation ${conversationId}${created ? " (new)" : ""}. Every model's full answer: ` +
    `${toolName("conversation.get-history")} {"conversationId":"${conversationId}"} or the resource conversation://${conversationId}; ` +
    `follow up with conversationId "${conversationId}". The structured result holds all fields.`
  );
}
