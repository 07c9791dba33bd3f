// The council review: every model that answered ranks the others' answers, anonymised and shuffled
// anew for each reviewer, best first with a one-line reason each, as structured output. A reviewer
// that fails or returns an unusable ranking is an error entry, never a crash. The rankings are
// aggregated by Borda count; all reviews run at once, so the stage costs one slowest review call.

import { z } from "zod";
import type { ModelEntry } from "../../configuration/model-entry.ts";
import type { CouncilReview, ModelOpinion, PeerReview } from "../../contract/opinions.ts";
import type { ConsultationEvent } from "../../contract/progress-events.ts";
import type { ConsultationServices } from "../consultation-services.ts";
import { type CallPolicy, callModelForObject } from "../model-call/retried-call.ts";
import { anonymise } from "./anonymise.ts";

/** Instructions given to every reviewer. */
export const reviewInstructions = [
  "You review answers other experts gave to a question. You do not know who wrote them.",
  "Rank every response from best to worst for accuracy, completeness, reasoning and usefulness.",
  "Give each a one-line reason. Judge the answers, not their length or confidence.",
].join("\n");

/** The structured answer of a reviewer who sees responses under `labels`. */
function rankingSchema(labels: readonly string[]) {
  return z.object({
    ranking: z
      .array(
        z.object({
          response: z.enum(labels as [string, ...string[]]).describe("The response's letter"),
          reason: z.string().describe("One line: why it is ranked here"),
        }),
      )
      .describe("Every response exactly once, best first"),
  });
}

/** Asks every answering model to rank the others' answers, and aggregates the rankings. */
export async function reviewAnswers(
  question: string,
  opinions: readonly ModelOpinion[],
  entries: ReadonlyMap<string, ModelEntry>,
  services: Pick<ConsultationServices, "createModel">,
  policy: CallPolicy,
  onEvent: (event: ConsultationEvent) => void,
): Promise<CouncilReview> {
  const answered = opinions.filter((opinion) => !opinion.error);
  const reviewers = answered.filter((opinion) => entries.has(opinion.model));
  onEvent({ type: "review-started", reviewers: reviewers.map((opinion) => opinion.model) });
  const reviews = await Promise.all(
    reviewers.map(async (reviewer): Promise<PeerReview> => {
      const others = anonymise(answered.filter((opinion) => opinion.model !== reviewer.model));
      const entry = entries.get(reviewer.model) as ModelEntry;
      const { opinion, object } = await callModelForObject(
        {
          entry,
          model: services.createModel(entry),
          instructions: reviewInstructions,
          messages: [
            { role: "user", content: `## Question\n\n${question}\n\n## Responses\n\n${others.text}` },
          ],
        },
        rankingSchema(others.labels),
        policy,
      );
      const { response, citations: _citations, ...call } = opinion;
      const problem = opinion.error
        ? response
        : object
          ? completeness(object.ranking, others.labels)
          : "no ranking";
      onEvent({
        type: "review-finished",
        reviewer: reviewer.model,
        error: problem !== undefined,
        ...(problem ? { failure: problem } : {}),
      });
      if (problem !== undefined || !object)
        return { reviewer: reviewer.model, ranking: [], call, error: problem };
      return {
        reviewer: reviewer.model,
        ranking: object.ranking.map((place) => ({
          model: others.modelOf(place.response) ?? place.response,
          reason: place.reason,
        })),
        call,
      };
    }),
  );
  return { ranking: bordaCount(reviews), reviews };
}

/** Why a ranking is unusable (a response missing or ranked twice), or undefined when it is whole. */
function completeness(
  ranking: readonly { response: string }[],
  labels: readonly string[],
): string | undefined {
  const ranked = ranking.map((place) => place.response);
  const missing = labels.filter((label) => !ranked.includes(label));
  if (missing.length > 0) return `the ranking left out Response ${missing.join(", ")}`;
  if (new Set(ranked).size !== ranked.length) return "the ranking named a response more than once";
  return undefined;
}

/**
 * Borda count over the usable reviews: in a ranking of k answers, the p-th (from 1) earns k - p
 * points. Best first by points, then by mean rank, then by name.
 */
export function bordaCount(reviews: readonly PeerReview[]): CouncilReview["ranking"] {
  const totals = new Map<string, { points: number; ranks: number[] }>();
  for (const review of reviews) {
    if (review.error) continue;
    review.ranking.forEach((place, index) => {
      const total = totals.get(place.model) ?? { points: 0, ranks: [] };
      total.points += review.ranking.length - index - 1;
      total.ranks.push(index + 1);
      totals.set(place.model, total);
    });
  }
  return [...totals.entries()]
    .map(([model, total]) => ({
      model,
      points: total.points,
      meanRank:
        Math.round((total.ranks.reduce((sum, rank) => sum + rank, 0) / total.ranks.length) * 100) / 100,
      reviews: total.ranks.length,
    }))
    .sort((a, b) => b.points - a.points || a.meanRank - b.meanRank || a.model.localeCompare(b.model));
}
