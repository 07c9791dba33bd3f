// `conversation.replay`: a stored question asked again, as a new turn of its conversation, of today's
// panel or of chosen models; its input, and its result: the second opinion, marked as a replay, with
// what changed since the old turn (the verdict, the agreement, the claims and who changed their mind).

import { z } from "zod";
import { type SecondOpinionResult, secondOpinionOutput } from "./consultation-results.ts";
import { limits } from "./limits.ts";
import { vote } from "./opinions.ts";
import { resultDetails } from "./result-detail.ts";

/** Input of the replay use case (`conversation.replay`). */
export const replayInput = z.strictObject({
  conversationId: z
    .string()
    .min(1)
    .max(100)
    .describe("The conversation whose question is asked again; the new turn is added to it."),
  turn: z
    .number()
    .int()
    .min(1)
    .max(limits.conversationMessages)
    .optional()
    .describe("Which question to ask again: 1 for the first turn. Default: the last."),
  models: z
    .array(z.string().min(1).max(100))
    .min(1)
    .max(limits.maxOpinions + 1)
    .optional()
    .describe(
      'Short names of the models to ask, the first as primary, e.g. ["claude", "gpt"]. Default: today\'s default panel.',
    ),
  detail: z
    .enum(resultDetails)
    .optional()
    .describe('"compact" (default) or "full", as for agent.second_opinion.'),
});

/** Which stored turn a replay asked again. */
export const replayOf = z.object({
  /** The old answer's message id. */
  messageId: z.string(),
  /** The old turn's number, 1 for the first. */
  turn: z.number().int().min(1),
});
export type ReplayOf = z.infer<typeof replayOf>;

/** What changed between the old turn and its replay. */
export const replayDiff = z
  .object({
    /** The verdict's decision before and after (null: that turn gave no verdict). */
    verdict: z.object({ before: vote.nullable(), after: vote.nullable(), changed: z.boolean() }),
    /** The agreement score before and after (null: that turn has no assessment). */
    agreement: z.object({ before: z.number().nullable(), after: z.number().nullable() }),
    /** Claims the new answer makes that the old did not, and those it no longer makes. */
    claimsAdded: z.array(z.string()),
    claimsDropped: z.array(z.string()),
    /** Models that voted otherwise, or moved from backing a claim to contradicting it (or back). */
    changedMinds: z.array(z.object({ model: z.string(), change: z.string() })),
  })
  .meta({ id: "replayDiff" });
export type ReplayDiff = z.infer<typeof replayDiff>;

/** The replay part of the result. */
export const replayReport = z.object({
  replayOf,
  diff: replayDiff,
  /** What of the old turn could not be asked again, and why (e.g. options that are not stored). */
  notReplayed: z.array(z.string()),
});
export type ReplayReport = z.infer<typeof replayReport>;

/** The result of `conversation.replay`: the new turn's second opinion and the replay report. */
export const replayResult = secondOpinionOutput.extend({ replay: replayReport }).meta({
  title: "Replay Response",
  description:
    "A stored question asked again as a new turn: the second opinion, then what changed since the old turn.",
});
export type ReplayResult = z.infer<typeof replayResult>;

/** What the application answers a replay: the full second opinion and the replay report. */
export type ReplayAnswer = SecondOpinionResult & { replay: ReplayReport };

/** The diff in a few lines, for the terminal and a tool's text block. */
export function describeReplayDiff(diff: ReplayDiff): string[] {
  const verdict = diff.verdict.changed
    ? `Verdict: ${diff.verdict.before ?? "none"} → ${diff.verdict.after ?? "none"}`
    : `Verdict: ${diff.verdict.after ?? "none"} (unchanged)`;
  const score = (value: number | null) => (value === null ? "none" : value.toFixed(2));
  const lines = [verdict, `Agreement: ${score(diff.agreement.before)} → ${score(diff.agreement.after)}`];
  for (const claim of diff.claimsAdded) lines.push(`+ claim: ${claim}`);
  for (const claim of diff.claimsDropped) lines.push(`- claim: ${claim}`);
  for (const { model, change } of diff.changedMinds) lines.push(`Changed mind: ${model} ${change}`);
  if (diff.claimsAdded.length + diff.claimsDropped.length === 0) lines.push("Claims: the same");
  return lines;
}
