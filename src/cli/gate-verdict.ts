// `ai-universe ask --gate`: the consultation's verdict as an exit code a CI step or a git hook acts on
// (0 GO, 1 BLOCK, 2 UNSURE or a verdict withheld for a degraded panel or no verdict at all; 3 for an
// error, including no synthesis), and a short plain block a CI log shows well: the verdict, why, the
// agreement, who is missing when the panel is degraded, and the conversation to read in full.

import type { SecondOpinionResult } from "../contract/consultation-results.ts";
import { verdictNotes } from "../contract/verdict-notes.ts";
import { oneLine } from "./terminal/text-preview.ts";

/** The gate's exit codes. */
export const gateExitCodes = { go: 0, block: 1, unsure: 2, error: 3 } as const;

/** What the gate prints and the exit code it leaves with. */
export interface GateOutcome {
  exitCode: number;
  text: string;
}

/** The gate's verdict on `result`. */
export function gateOutcome(result: SecondOpinionResult): GateOutcome {
  const { synthesis } = result;
  const assessment = synthesis?.assessment;
  const verdict = assessment?.verdict;
  const lines: string[] = [];
  let exitCode: number = gateExitCodes.unsure;
  let label = "UNSURE";
  if (!synthesis || synthesis.error) {
    exitCode = gateExitCodes.error;
    label = "ERROR";
    lines.push(
      `Why: no synthesis was written, so there is no verdict: ${oneLine(synthesis?.response ?? "ask for at least one secondary opinion (--max-opinions 1 or more)")}`,
    );
  } else if (!verdict) {
    lines.push(
      `Why: the synthesis gave no go/block verdict${assessment ? "" : ` (${oneLine(synthesis.assessmentError ?? "no assessment")})`}; ask a yes/no question, such as "Is this change safe to merge?"`,
    );
  } else {
    exitCode = gateExitCodes[verdict.decision];
    label = verdict.decision.toUpperCase();
    lines.push(`Why: ${oneLine(verdict.reason)}${verdictNotes(assessment)}`);
    if (verdict.votes.length > 0)
      lines.push(`Votes: ${verdict.votes.map((vote) => `${vote.model} ${vote.vote}`).join(", ")}`);
  }
  if (assessment) {
    lines.push(
      `Agreement: ${Math.round(assessment.agreement.score * 100)}%: ${oneLine(assessment.agreement.reason)}`,
    );
  }
  if (assessment?.degraded) lines.push(`Degraded: ${oneLine(assessment.degraded.note)}`);
  else if (result.summary.failedModels > 0) {
    const failed = [result.primary, ...result.secondaryOpinions].filter((opinion) => opinion.error);
    lines.push(`Missing: ${failed.map((opinion) => `${opinion.model} failed`).join(", ")}`);
  }
  lines.push(`Conversation: ${result.conversationId} (ai-universe history ${result.conversationId})`);
  return { exitCode, text: `ai-universe gate: ${label} (exit ${exitCode})\n${lines.join("\n")}\n` };
}
