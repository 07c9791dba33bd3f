// The structured answer of the synthesis model: its Markdown synthesis and, next to it, the
// assessment (agreement score, consensus, dissent, and a go/block verdict for decision questions),
// and the prompt sections that tell it about stances, debate rounds and the council review.

import { z } from "zod";
import type { Assessment, CouncilReview, DebateRound, Stance } from "../../contract/opinions.ts";

const vote = z.enum(["go", "block", "unsure"]);

/** What the synthesis model returns. */
export const synthesisSchema = z.object({
  synthesis: z.string().describe("The synthesis in Markdown, with the sections asked for"),
  agreement: z.object({
    score: z.number().describe("How far the answers agree: 0 = not at all, 1 = fully"),
    reason: z.string().describe("One line: why this score"),
  }),
  consensus: z.array(z.string()).describe("Points every answer shares"),
  dissent: z
    .array(
      z.object({
        point: z.string().describe("A point not every answer shares"),
        models: z.array(z.string()).describe("The model labels holding it"),
      }),
    )
    .describe("Points of disagreement"),
  verdict: z
    .object({
      decision: vote.describe("go, block or unsure"),
      reason: z.string().describe("One line: why"),
      votes: z.array(z.object({ model: z.string(), vote })).describe("Each model's position"),
    })
    .nullable()
    .describe("Only for yes/no, go/no-go or review questions; null otherwise"),
});

/** Instructions for the assessment, added to the synthesis instructions. */
export const assessmentInstructions = [
  "Answer as JSON: `synthesis` holds the Markdown above; also give `agreement` (a score from 0 to 1 and a",
  "one-line reason), `consensus` (points every answer shares), `dissent` (each point not all share, with the",
  "model labels holding it), and `verdict`: for a yes/no, go/no-go or review question, the decision (go, block",
  "or unsure), a one-line reason and each model's vote; null for any other question.",
].join("\n");

/** The assessment from a parsed synthesis answer, with the score kept within 0..1. */
export function assessmentOf(answer: z.infer<typeof synthesisSchema>): Assessment {
  return {
    agreement: { score: Math.min(1, Math.max(0, answer.agreement.score)), reason: answer.agreement.reason },
    consensus: answer.consensus,
    dissent: answer.dissent,
    ...(answer.verdict ? { verdict: answer.verdict } : {}),
  };
}

/** What the synthesis model is told about the council's work, as Markdown sections (maybe none). */
export function councilSections(council: {
  stances?: Record<string, Stance> | undefined;
  rounds?: readonly DebateRound[] | undefined;
  review?: CouncilReview | undefined;
}): string {
  const sections: string[] = [];
  const stances = Object.entries(council.stances ?? {});
  if (stances.length > 0) {
    sections.push(
      `## Stances\n\nThese models were told to argue a side; weigh their answers accordingly:\n${stances
        .map(([model, stance]) => `- ${model}: ${stance}`)
        .join("\n")}`,
    );
  }
  const later = (council.rounds ?? []).filter((round) => round.round > 1);
  if (later.length > 0) {
    const lines = later.flatMap((round) =>
      (round.changes ?? []).map(
        (change) =>
          `- round ${round.round}, ${change.model}: ${change.changedPosition ? "changed its position" : "kept its position"} (${change.why})`,
      ),
    );
    sections.push(
      `## Debate\n\nThe opinions above are each model's last answer after ${later.length + 1} rounds. Note who changed their mind and why:\n${lines.join("\n")}`,
    );
  }
  const review = council.review;
  if (review && review.ranking.length > 0) {
    const ranking = review.ranking
      .map(
        (place, index) =>
          `${index + 1}. ${place.model} (${place.points} points, mean rank ${place.meanRank})`,
      )
      .join("\n");
    const reasons = review.reviews.flatMap((peer) =>
      peer.ranking.map((place) => `- ${peer.reviewer} on ${place.model}: ${place.reason}`),
    );
    sections.push(
      `## Council review\n\nEach model ranked the others' answers without knowing who wrote them. Aggregate (Borda count):\n${ranking}\n\nReasons:\n${reasons.join("\n")}`,
    );
  }
  return sections.join("\n\n");
}
