// The structured answer of the synthesis model: its Markdown synthesis and, next to it, the
// assessment (agreement score, consensus, dissent, a go/block verdict for decision questions, and the
// models grouped by their bottom line, from which the family-weighted agreement is computed), and the
// prompt sections that tell it about stances, debate rounds and the council review.

import { z } from "zod";
import type { Assessment, CouncilReview, DebateRound, Stance } from "../../contract/opinions.ts";
import { claimsAnswer, claimsInstructions } from "./claims.ts";
import { familyAgreement, type ModelFamily } from "./model-families.ts";

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
  positions: z
    .array(
      z.object({
        answer: z
          .string()
          .describe("A bottom-line answer in a few words; for a multiple-choice question, the letter"),
        models: z.array(z.string()).describe("The model labels giving it"),
      }),
    )
    .describe(
      "The models grouped by their bottom-line answer: one entry per distinct answer, each model once",
    ),
  claims: claimsAnswer,
});

/** Instructions for the assessment, added to the synthesis instructions. */
export const assessmentInstructions = [
  "Answer as JSON: `synthesis` holds the Markdown above; also give `agreement` (a score from 0 to 1 and a",
  "one-line reason), `consensus` (points every answer shares), `dissent` (each point not all share, with the",
  "model labels holding it), `verdict`: for a yes/no, go/no-go or review question, the decision (go, block",
  "or unsure), a one-line reason and each model's vote; null for any other question; and `positions`: the",
  "models grouped by their bottom-line answer (for a multiple-choice question, the letter), each model once.",
  "Score agreement by families, not models: models of one family (named in each heading) share training and",
  "blind spots, so their agreeing is weaker evidence than agreement across families; count a family as one voice.",
  claimsInstructions,
].join("\n");

/**
 * The assessment from a parsed synthesis answer, with the score kept within 0..1, and the
 * family-weighted agreement of its positions over `families` (the answering models by family).
 */
export function assessmentOf(
  answer: z.infer<typeof synthesisSchema>,
  families: readonly { family: ModelFamily; models: readonly string[] }[],
): Assessment {
  const weighted = familyAgreement(answer.positions, families);
  return {
    agreement: { score: Math.min(1, Math.max(0, answer.agreement.score)), reason: answer.agreement.reason },
    consensus: answer.consensus,
    dissent: answer.dissent,
    ...(answer.verdict ? { verdict: answer.verdict } : {}),
    positions: answer.positions,
    ...(weighted ? { familyAgreement: weighted } : {}),
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
    const inconsistent = review.reviews.filter((peer) => peer.inconsistent);
    const uncounted = inconsistent.filter((peer) => peer.weight === 0).map((peer) => peer.reviewer);
    const names = inconsistent.map((peer) => peer.reviewer).join(", ");
    const flagged =
      inconsistent.length === 0
        ? ""
        : `\n\n${uncounted.length > 0 ? "Not counted: " : "No reviewer ranked consistently, so all count alike: "}${names} ranked the same answers differently when their order was swapped, so their rankings follow position more than content; give their reasons little weight.`;
    sections.push(
      `## Council review\n\nEach model ranked the others' answers twice, in swapped orders, without knowing who wrote them. Aggregate (Borda count over both orders, weighted by each reviewer's consistency):\n${ranking}${flagged}\n\nReasons:\n${reasons.join("\n")}`,
    );
  }
  return sections.join("\n\n");
}
