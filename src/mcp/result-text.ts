// The text block of a consultation's result, written for the calling model: the answer first, one
// line per model, and where the full record is. The full seed-shaped result stays in
// structuredContent; repeating it as text would cost the caller thousands of tokens per call.

import { usageLine } from "../application/index.ts";
import { describeIndependentVotes } from "../contract/claims.ts";
import type { SecondOpinionOutput, SendMessageResult } from "../contract/consultation-results.ts";
import { describeAdaptivePath } from "../contract/consultation-strategies.ts";
import type { HistoryResult, SearchResult } from "../contract/conversations.ts";
import type { Assessment, ModelOpinion } from "../contract/opinions.ts";
import { describeStrategyChoice } from "../contract/strategy-choice.ts";
import { verdictNotes } from "../contract/verdict-notes.ts";

/** Compact Markdown of a second opinion. `toolName` spells tool names as the client lists them. */
export function secondOpinionText(result: SecondOpinionOutput, toolName: (name: string) => string): string {
  const { synthesis, summary } = result;
  const lines: string[] = [];
  const assessment = result.assessment ?? synthesis?.assessment;
  // Said first, so a partial answer is never read as the whole panel's.
  if (assessment?.degraded) lines.push(`**Degraded:** ${oneLine(assessment.degraded.note)}`, "");
  if (summary.note) lines.push(`**Partial:** ${summary.note}`, "");
  if (summary.singleFamily) lines.push(singleFamilyLine(summary.singleFamily), "");
  if (assessment) lines.push(...assessmentLines(assessment), "");
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
  if (result.strategyChoice) lines.push(describeStrategyChoice(result.strategyChoice));
  if (result.adaptive) lines.push(describeAdaptivePath(result.adaptive));
  const budget = result.budget;
  if (budget?.maxCostUsd !== null && budget?.maxCostUsd !== undefined) {
    lines.push(`Budget: estimated at most $${budget.estimatedCostUsd} of maxCostUsd $${budget.maxCostUsd}.`);
  }
  for (const left of budget?.leftOut ?? []) lines.push(`Left out: ${left.model} (${left.reason}).`);
  if (budget && budget.unknownCost.length > 0)
    lines.push(`Unknown cost (no price): ${budget.unknownCost.join(", ")}.`);
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

/** The verdict and the agreement, one line each. */
function assessmentLines(assessment: Assessment): string[] {
  const lines: string[] = [];
  const { verdict, agreement } = assessment;
  if (verdict) {
    const votes = verdict.votes.map((vote) => `${oneLine(vote.model)} ${vote.vote}`).join(", ");
    lines.push(
      `**Verdict: ${verdict.decision.toUpperCase()}**: ${oneLine(verdict.reason)}${votes ? ` (votes: ${votes})` : ""}${verdictNotes(assessment)}`,
    );
  }
  lines.push(`**Agreement: ${Math.round(agreement.score * 100)}%**: ${oneLine(agreement.reason)}`);
  if (assessment.independentVotes) lines.push(`${describeIndependentVotes(assessment.independentVotes)}.`);
  // One short line per claim: who states it, and a mark when one model alone does or one contradicts it.
  for (const claim of assessment.claims ?? []) {
    const against =
      claim.contradictors.length > 0 ? `; contradicted by ${claim.contradictors.join(", ")}` : "";
    const lone = claim.backers.length === 1 ? " (one model)" : "";
    lines.push(`- ${oneLine(claim.claim)} (${claim.backers.join(", ")}${against})${lone}`);
  }
  return lines;
}

/** `text` on one line: what a model wrote across lines, joined. */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** Says that one family's agreement with itself is weak evidence, and what gives a real second opinion. */
function singleFamilyLine(family: string): string {
  return (
    `**One family:** every opinion came from ${family} models, which share training and blind spots, ` +
    "so their agreement is weak evidence. Add a key of another vendor for a real second opinion."
  );
}

function modelLine(opinion: ModelOpinion): string {
  const name = `- ${opinion.model} (${opinion.modelDisplayName})`;
  if (opinion.pending)
    return `${name}: still running; its opinion is added to the conversation when it lands`;
  if (opinion.error) return `${name}: failed after ${opinion.latencyMs} ms: ${opinion.response.trim()}`;
  if (opinion.host) return `${name}: your own answer (hostAnswer), reviewed anonymously; no provider call`;
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
    `follow up with conversationId "${conversationId}".`
  );
}

/** Compact Markdown of a history page: each message's text, without the metadata the structured result holds. */
export function historyText(result: HistoryResult, toolName: (name: string) => string): string {
  const { history } = result;
  const first = history.messages[0]?.sequence;
  const last = history.messages.at(-1)?.sequence;
  const lines = [
    `## ${history.title ?? "Untitled conversation"} (${history.conversationId})`,
    first === undefined
      ? "No messages on this page."
      : `Messages ${first} to ${last} of ${history.messageCount}.`,
  ];
  for (const message of history.messages) {
    const { secondOpinion } = message.metadata;
    const author = secondOpinion
      ? `, ${secondOpinion.synthesis && !secondOpinion.synthesis.error ? `synthesis by ${secondOpinion.synthesis.model}` : secondOpinion.primary.model} of ${1 + secondOpinion.secondaryOpinions.length} models`
      : typeof message.metadata.model === "string"
        ? `, ${message.metadata.model}`
        : "";
    lines.push(
      "",
      `**#${message.sequence} ${message.role}${author}** (${message.createdAt})`,
      message.content.trim(),
    );
  }
  if (history.nextCursor) {
    lines.push("", `More: ${toolName("conversation.get-history")} with cursor "${history.nextCursor}".`);
  }
  lines.push(
    "",
    "Every model's answer, usage and sources are in the structured result (metadata.secondOpinion).",
  );
  return lines.join("\n");
}

/** Search hits as a short list: title, id and snippet of each. */
export function searchText(result: SearchResult): string {
  if (result.results.length === 0) return `No conversation of yours matches "${result.query}".`;
  return result.results
    .map(
      (hit) => `- ${hit.title ?? "(untitled)"} (${hit.conversationId}): ${hit.snippet.replace(/\s+/g, " ")}`,
    )
    .join("\n");
}
