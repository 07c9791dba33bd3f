// A finished consultation for a person at a terminal: the synthesis first with its assessment (or, when
// there is none, why) and, for an adaptive one, the path it took, then each model's opinion with its latency, tokens, cost, reasoning tokens, web
// searches and the side it argued, and beneath it what it could not do (search, read a file); then the
// council's review and debate rounds, the sources, the totals and how to follow up. A model still
// answering when the answer was given shows as such (its opinion follows: render-late-opinions.ts).

import { usageLine } from "../../application/index.ts";
import type { SecondOpinionResult, SendMessageResult } from "../../contract/consultation-results.ts";
import { describeAdaptivePath } from "../../contract/consultation-strategies.ts";
import type {
  Citation,
  ConsultationSummary,
  ModelOpinion,
  Stance,
  Synthesis,
} from "../../contract/opinions.ts";
import { describeStrategyChoice } from "../../contract/strategy-choice.ts";
import { heading, renderAssessment, renderReview, renderRounds } from "./render-council.ts";
import { renderDegraded } from "./render-degraded.ts";
import { markdownRenderer } from "./render-markdown.ts";
import type { TerminalStyle } from "./terminal-style.ts";
import { oneLine } from "./text-preview.ts";

/** The text of a second opinion for `style`'s terminal. */
export function renderSecondOpinion(result: SecondOpinionResult, style: TerminalStyle): string {
  const { colors } = style;
  const markdown = markdownRenderer(style);
  const out: string[] = [];
  const { synthesis } = result;
  out.push(...renderDegraded(synthesis?.assessment, style));
  if (synthesis) out.push(...renderSynthesis(synthesis, style));
  if (result.strategyChoice)
    out.push(colors.cyan(oneLine(describeStrategyChoice(result.strategyChoice))), "");
  if (result.adaptive) out.push(colors.cyan(oneLine(describeAdaptivePath(result.adaptive))), "");
  const opinions = [result.primary, ...result.secondaryOpinions];
  for (const opinion of opinions) {
    if (opinion.pending) {
      out.push(
        `${colors.yellow("…")} ${colors.bold(`${opinion.model} (${opinion.modelDisplayName})`)} ${colors.dim("still answering when the answer was due")}`,
        "",
      );
    } else out.push(...renderOpinion(opinion, result.stances?.[opinion.model], style, markdown));
  }
  if (result.review) out.push(...renderReview(result.review, style));
  if (result.rounds && result.rounds.length > 1) out.push(...renderRounds(result.rounds, style));
  // Without a synthesis (one model asked, or none could be written) the opinions' own sources are listed.
  const sources = synthesis?.sources?.length ? synthesis.sources : uniqueCitations(opinions);
  if (sources.length > 0) {
    out.push(
      heading("Sources", style),
      ...sources.map(
        (source, index) => `${index + 1}. ${oneLine(source.title)} ${colors.dim(oneLine(source.url))}`,
      ),
      "",
    );
  }
  for (const left of result.budget?.leftOut ?? [])
    out.push(colors.yellow(`Left out: ${left.model} (${left.reason})`));
  out.push(
    totalsLine(result.summary, style),
    conversationLine(result.conversationId, result.persistenceStatus.error, style),
  );
  return `${out.join("\n")}\n`;
}

/** One model's opinion: its heading, what it could not do, and its answer. */
export function renderOpinion(
  opinion: ModelOpinion,
  stance: Stance | undefined,
  style: TerminalStyle,
  markdown = markdownRenderer(style),
): string[] {
  return [
    opinionHeading(opinion, stance, style),
    ...opinionNotes(opinion, style),
    "",
    opinion.error ? style.colors.red(opinion.response) : markdown(opinion.response),
  ];
}

/** "2 of 3 models answered · 4.1 s · 900 tokens · total cost $0.0123", in bold. */
export function totalsLine(summary: ConsultationSummary, style: TerminalStyle): string {
  const totals = [
    `${summary.successfulModels} of ${summary.totalModels} models answered`,
    `${(summary.totalLatencyMs / 1000).toFixed(1)} s`,
  ];
  if (summary.totalTokens !== undefined) totals.push(`${summary.totalTokens} tokens`);
  if (summary.totalCost !== undefined) totals.push(`total cost $${summary.totalCost.toFixed(4)}`);
  return style.colors.bold(totals.join(" · "));
}

/** The text of a one-model reply for `style`'s terminal. */
export function renderReply(result: SendMessageResult, style: TerminalStyle): string {
  const { reply } = result;
  return `${markdownRenderer(style)(reply.response)}\n${style.colors.dim(`${reply.model}: ${usageLine(reply)}`)}\n${conversationLine(result.conversationId, result.persistenceStatus.error, style)}\n`;
}

/** The synthesis and its assessment; when there is no synthesis, why, and whose answer was kept. */
function renderSynthesis(synthesis: Synthesis, style: TerminalStyle): string[] {
  const { colors } = style;
  const tried = (synthesis.fallbackFrom ?? []).map((failure) =>
    colors.dim(`  ${failure.model} failed: ${oneLine(failure.error)}`),
  );
  if (synthesis.error) {
    const kept = synthesis.fallbackAnswerFrom
      ? `; the answer kept is ${synthesis.fallbackAnswerFrom}'s (below)`
      : "";
    return [
      colors.yellow(`No synthesis could be written${kept}.`),
      ...(tried.length > 0 ? tried : [colors.dim(`  ${synthesis.response}`)]),
      "",
    ];
  }
  const lines = [heading(`Synthesis (by ${synthesis.model})`, style)];
  if (tried.length > 0) lines.push(colors.dim("Written after other models failed:"), ...tried);
  lines.push("", markdownRenderer(style)(synthesis.response));
  if (synthesis.assessment) lines.push(...renderAssessment(synthesis.assessment, style));
  else if (synthesis.assessmentError)
    lines.push(colors.yellow(`No assessment: ${oneLine(synthesis.assessmentError)}`), "");
  return lines;
}

function opinionHeading(opinion: ModelOpinion, stance: Stance | undefined, style: TerminalStyle): string {
  const { colors } = style;
  const mark = opinion.error ? colors.red("✗") : colors.green("✓");
  const details = [opinion.host ? "your own answer (--host-answer), no provider call" : usageLine(opinion)];
  if (opinion.reasoningTokens !== undefined) {
    details.push(
      `${opinion.reasoningTokens} reasoning tokens${opinion.reasoning ? ` (${opinion.reasoning})` : ""}`,
    );
  } else if (opinion.reasoning) details.push(`reasoning ${opinion.reasoning}`);
  if (opinion.cachedInputTokens) details.push(`${opinion.cachedInputTokens} cached input tokens`);
  if (opinion.webSearches) details.push(plural(opinion.webSearches, "web search", "web searches"));
  if (opinion.citations.length > 0) details.push(plural(opinion.citations.length, "source", "sources"));
  if (stance) details.push(`argued ${stance}`);
  return `${mark} ${colors.bold(`${opinion.model} (${opinion.modelDisplayName})`)} ${colors.dim(details.join(" · "))}`;
}

/** What a model could not do that was asked: search the web, read an attached file. */
function opinionNotes(opinion: ModelOpinion, style: TerminalStyle): string[] {
  const notes: string[] = [];
  if (opinion.webSearch && !opinion.webSearch.searched) {
    notes.push(
      `  could not search: ${oneLine(opinion.webSearch.note ?? "the model did not search the web.")}`,
    );
  }
  for (const unseen of opinion.unseenAttachments ?? [])
    notes.push(`  did not see: ${oneLine(unseen.name)} (${oneLine(unseen.reason)})`);
  return notes.map((note) => style.colors.yellow(note));
}

/** The citations of every opinion, each URL once, in the order they came. */
function uniqueCitations(opinions: readonly ModelOpinion[]): Citation[] {
  const byUrl = new Map<string, Citation>();
  for (const citation of opinions.flatMap((opinion) => opinion.citations)) {
    if (!byUrl.has(citation.url)) byUrl.set(citation.url, citation);
  }
  return [...byUrl.values()];
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function conversationLine(conversationId: string, saveError: string | null, style: TerminalStyle): string {
  if (saveError) return style.colors.yellow(`Not saved: ${saveError}`);
  return style.colors.dim(`Conversation ${conversationId}: follow up with --conversation ${conversationId}`);
}
