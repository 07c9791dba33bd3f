// A finished consultation for a person at a terminal: the synthesis first, then each model's opinion
// with its latency, tokens and cost, then the sources, the totals and how to follow up.

import { usageLine } from "../../application/conversation-markdown.ts";
import type { SendMessageResult } from "../../consultation/message-result.ts";
import type { ModelOpinion } from "../../consultation/opinion.ts";
import type { SecondOpinionResult } from "../../consultation/second-opinion-result.ts";
import { markdownRenderer } from "./render-markdown.ts";
import type { TerminalStyle } from "./terminal-style.ts";

/** The text of a second opinion for `style`'s terminal. */
export function renderSecondOpinion(result: SecondOpinionResult, style: TerminalStyle): string {
  const { colors } = style;
  const markdown = markdownRenderer(style);
  const out: string[] = [];
  const heading = (text: string) => colors.bold(colors.magenta(text));
  if (result.synthesis && !result.synthesis.error) {
    out.push(heading(`Synthesis (by ${result.synthesis.model})`), "", markdown(result.synthesis.response));
  } else if (result.synthesis?.error) {
    out.push(colors.yellow(`No synthesis: ${result.synthesis.response}`), "");
  }
  for (const opinion of [result.primary, ...result.secondaryOpinions]) {
    out.push(
      opinionHeading(opinion, style),
      "",
      opinion.error ? colors.red(opinion.response) : markdown(opinion.response),
    );
  }
  const sources = result.synthesis?.sources ?? [];
  if (sources.length > 0) {
    out.push(
      heading("Sources"),
      ...sources.map((source, index) => `${index + 1}. ${source.title} ${colors.dim(source.url)}`),
      "",
    );
  }
  for (const left of result.budget?.leftOut ?? [])
    out.push(colors.yellow(`Left out: ${left.model} (${left.reason})`));
  const { summary } = result;
  const totals = [
    `${summary.successfulModels} of ${summary.totalModels} models answered`,
    `${(summary.totalLatencyMs / 1000).toFixed(1)} s`,
  ];
  if (summary.totalTokens !== undefined) totals.push(`${summary.totalTokens} tokens`);
  if (summary.totalCost !== undefined) totals.push(`total cost $${summary.totalCost.toFixed(4)}`);
  out.push(
    colors.bold(totals.join(" · ")),
    conversationLine(result.conversationId, result.persistenceStatus.error, style),
  );
  return `${out.join("\n")}\n`;
}

/** The text of a one-model reply for `style`'s terminal. */
export function renderReply(result: SendMessageResult, style: TerminalStyle): string {
  const { reply } = result;
  return `${markdownRenderer(style)(reply.response)}\n${style.colors.dim(`${reply.model}: ${usageLine(reply)}`)}\n${conversationLine(result.conversationId, result.persistenceStatus.error, style)}\n`;
}

function opinionHeading(opinion: ModelOpinion, style: TerminalStyle): string {
  const { colors } = style;
  const mark = opinion.error ? colors.red("✗") : colors.green("✓");
  const citations = opinion.citations.length > 0 ? ` · ${opinion.citations.length} sources` : "";
  return `${mark} ${colors.bold(`${opinion.model} (${opinion.modelDisplayName})`)} ${colors.dim(`${usageLine(opinion)}${citations}`)}`;
}

function conversationLine(conversationId: string, saveError: string | null, style: TerminalStyle): string {
  if (saveError) return style.colors.yellow(`Not saved: ${saveError}`);
  return style.colors.dim(`Conversation ${conversationId}: follow up with --conversation ${conversationId}`);
}
