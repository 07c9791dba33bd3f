// The council review: every model that answered ranks the others' answers, anonymised and shuffled
// anew for each reviewer, best first with a one-line reason each, as structured output; then once more
// with the answers in swapped places, so a reviewer swayed by position shows itself (review-aggregate.ts
// weighs it). A reviewer that fails or returns an unusable ranking is an error entry, never a crash.
// The rankings are aggregated by Borda count over both orders; all reviews and both presentations run
// at once, so the stage costs one slowest review call.

import { z } from "zod";
import type { CouncilReview, ModelOpinion, PeerReview } from "../../contract/opinions.ts";
import type { LanguageModelFactory } from "../../providers/create-language-model.ts";
import type { ModelEntry } from "../../providers/model-entry.ts";
import { type CallPolicy, callModelForObject } from "../model-call/retried-call.ts";
import { type Anonymised, anonymise, anonymiseTwice } from "./anonymise.ts";
import type { CouncilCalls } from "./debate.ts";
import { bordaCount, consistencyOf, weightOf } from "./review-aggregate.ts";

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

/** Asks every answering model to rank the others' answers twice, in swapped orders, and aggregates. */
export async function reviewAnswers(
  question: string,
  opinions: readonly ModelOpinion[],
  entries: ReadonlyMap<string, ModelEntry>,
  calls: Omit<CouncilCalls, "stream">,
): Promise<CouncilReview> {
  const { createModel, policy, onEvent } = calls;
  const answered = opinions.filter((opinion) => !opinion.error);
  const reviewers = answered.filter((opinion) => entries.has(opinion.model));
  onEvent({ type: "review-started", reviewers: reviewers.map((opinion) => opinion.model) });
  const reviews = await Promise.all(
    reviewers.map(async (reviewer): Promise<PeerReview> => {
      const others = answered.filter((opinion) => opinion.model !== reviewer.model);
      // With one answer there is no order to swap: one presentation.
      const presentations = others.length > 1 ? anonymiseTwice(others) : [anonymise(others)];
      const entry = entries.get(reviewer.model) as ModelEntry;
      const rankings = await Promise.all(
        presentations.map((shown) => rankOnce(question, shown, entry, createModel, policy)),
      );
      const call = combinedCall(rankings.map((ranking) => ranking.call));
      const problem = rankings.find((ranking) => ranking.problem !== undefined)?.problem;
      onEvent({
        type: "review-finished",
        reviewer: reviewer.model,
        error: problem !== undefined,
        ...(problem ? { failure: problem } : {}),
      });
      const [first, second] = rankings.map((ranking) => ranking.ranking ?? []);
      if (problem !== undefined || !first)
        return { reviewer: reviewer.model, ranking: [], call, error: problem };
      const consistency = second ? consistencyOf(first, second) : undefined;
      const weight = weightOf(consistency);
      return {
        reviewer: reviewer.model,
        ranking: first,
        ...(second ? { secondRanking: second } : {}),
        ...(consistency !== undefined ? { consistency, weight } : {}),
        ...(consistency !== undefined && weight === 0 ? { inconsistent: true as const } : {}),
        call,
      };
    }),
  );
  // When no reviewer ranks alike in both orders, all count alike: their two orders still balance places.
  const anyCounted = reviews.some((review) => !review.error && (review.weight ?? 1) > 0);
  const counted = anyCounted
    ? reviews
    : reviews.map((review) => (review.weight === 0 ? { ...review, weight: 1 } : review));
  return { ranking: bordaCount(counted), reviews: counted };
}

/** One presentation ranked by `entry`: the ranking with names restored, or why it is unusable. */
async function rankOnce(
  question: string,
  shown: Anonymised,
  entry: ModelEntry,
  createModel: LanguageModelFactory,
  policy: CallPolicy,
): Promise<{ ranking?: PeerReview["ranking"]; problem?: string; call: PeerReview["call"] }> {
  const { opinion, object } = await callModelForObject(
    {
      entry,
      model: createModel(entry),
      instructions: reviewInstructions,
      messages: [{ role: "user", content: `## Question\n\n${question}\n\n## Responses\n\n${shown.text}` }],
    },
    rankingSchema(shown.labels),
    policy,
  );
  const { response, citations: _citations, ...call } = opinion;
  const problem = opinion.error
    ? response
    : object
      ? completeness(object.ranking, shown.labels)
      : "no ranking";
  if (problem !== undefined || !object) return { problem, call };
  return {
    ranking: object.ranking.map((place) => ({
      model: shown.modelOf(place.response) ?? place.response,
      reason: place.reason,
    })),
    call,
  };
}

/** The review calls as one: tokens and cost added, the latency of the slower (they run at once). */
function combinedCall(calls: readonly PeerReview["call"][]): PeerReview["call"] {
  const [first, ...rest] = calls as [PeerReview["call"], ...PeerReview["call"][]];
  const sum = (field: "tokensUsed" | "inputTokens" | "outputTokens" | "cost") => {
    const known = calls.filter((call) => call[field] !== undefined);
    if (known.length === 0) return {};
    const total = known.reduce((all, call) => all + (call[field] ?? 0), 0);
    return { [field]: field === "cost" ? Math.round(total * 1e8) / 1e8 : total };
  };
  if (rest.length === 0) return first;
  return {
    ...first,
    ...sum("tokensUsed"),
    ...sum("inputTokens"),
    ...sum("outputTokens"),
    ...sum("cost"),
    latencyMs: Math.max(...calls.map((call) => call.latencyMs)),
    ...(calls.some((call) => call.error) ? { error: true } : {}),
  };
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
