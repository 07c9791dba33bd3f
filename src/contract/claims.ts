// The answer's main claims, as the synthesis lists them, and how many independent voices the panel is
// worth: the two parts of an assessment that say how much its agreement can be trusted. A claim names
// the panel models that state it and those that contradict it (only models that took part), and the
// sources that back it; a claim held by one model only, or contradicted, is marked.

import { z } from "zod";
import { citation } from "./citation.ts";

/** Why a claim deserves a second look: one model states it, or a model contradicts it. */
export const claimMark = z.enum(["one model", "contradicted"]);

/** One of the answer's main claims, with its backers, its contradictors and its sources. */
export const claim = z
  .object({
    claim: z.string(),
    /** The panel models that state it. */
    backers: z.array(z.string()),
    /** The panel models that contradict it. */
    contradictors: z.array(z.string()),
    /** The opinions' sources that back it. */
    citations: z.array(citation),
    /** Set when one model alone states it, or when some model contradicts it. */
    marks: z.array(claimMark),
  })
  .meta({ id: "claim" });
export type Claim = z.infer<typeof claim>;

/** How many independent votes the panel is worth, and what that number rests on. */
export const independentVotes = z
  .object({
    /** Kish's effective count n² / Σᵢⱼ ρᵢⱼ over the pairwise error correlations ρ, one decimal. */
    value: z.number().min(0),
    /** How many models answered. */
    models: z.number().int().min(0),
    /** Where the correlations came from: the user's eval runs, the models' families, or both. */
    source: z.enum(["eval", "families", "mixed"]),
    /** How many eval runs measured a pair (0 when every pair came from families). */
    runs: z.number().int().min(0),
    /** Each pair of models: the correlation used, and where it came from. */
    pairs: z.array(
      z.object({
        models: z.array(z.string()),
        correlation: z.number(),
        source: z.enum(["eval", "families"]),
        /** For a measured pair: the questions both answered, and the runs they came from. */
        questions: z.number().int().min(0).optional(),
        runs: z.array(z.string()).optional(),
      }),
    ),
  })
  .meta({ id: "independentVotes" });
export type IndependentVotes = z.infer<typeof independentVotes>;

/** "4 models ≈ 2.1 independent votes (from 3 eval runs)", for every front end. */
export function describeIndependentVotes(votes: IndependentVotes): string {
  const basis =
    votes.source === "families"
      ? "from model families"
      : `from ${votes.runs} eval run${votes.runs === 1 ? "" : "s"}${votes.source === "mixed" ? " and model families" : ""}`;
  return `${votes.models} models ≈ ${votes.value.toFixed(1)} independent votes (${basis})`;
}
