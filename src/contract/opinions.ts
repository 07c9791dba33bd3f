// The shapes a consultation produces, written once: one opinion per model, the synthesis, the
// council's rounds and review, the totals and the cost estimate. The engine builds them with these
// types; the MCP output schemas and the web page's types are derived from them. They follow the
// `modelOpinion`, `synthesis` and `summary` definitions of the seed schema (schemas/).

import { z } from "zod";
import { citation } from "./citation.ts";
import { claim, independentVotes } from "./claims.ts";
import { reasoningLevels } from "./reasoning-levels.ts";
import { strategyChoice } from "./strategy-choice.ts";

const count = () => z.number().int().min(0);

export { citation };

/** What every model call reports, whether it answered or failed. */
const modelCallShape = {
  /** The model's short name, e.g. "claude". */
  model: z.string().min(1),
  modelId: z.string(),
  modelDisplayName: z.string(),
  /** The answer, or for a failure its cause. */
  response: z.string(),
  /** Left out when the provider reported no usage. */
  tokensUsed: count().optional(),
  inputTokens: count().optional(),
  outputTokens: count().optional(),
  /** Part of inputTokens read from the provider's cache. */
  cachedInputTokens: count().optional(),
  /** Part of outputTokens the model spent thinking (priced; the thinking text is never returned). */
  reasoningTokens: count().optional(),
  /** The reasoning level the call asked for, when one was set. */
  reasoning: z.enum(reasoningLevels).optional(),
  /** Web searches the vendor ran for this answer (their fees are in `cost`). */
  webSearches: count().optional(),
  /** When the caller asked for web search: whether this model searched, and if it could not, why. */
  webSearch: z.object({ searched: z.boolean(), note: z.string().optional() }).optional(),
  /** Still running when the answer was due: a placeholder, replaced in the stored turn when it lands. */
  pending: z.literal(true).optional(),
  /** Landed after the answer was given, and was added to the stored turn then. */
  late: z.literal(true).optional(),
  /** Attachments this model did not see, each with the reason; it answered without them. */
  unseenAttachments: z.array(z.object({ name: z.string(), reason: z.string() })).optional(),
  latencyMs: z.number().min(0),
  /** USD; left out when usage or price is unknown, never reported as 0 for a missing usage. */
  cost: z.number().min(0).optional(),
  /** "subscription": the user's plan paid for the call (an agent CLI), so it has no cost in USD. */
  billing: z.literal("subscription").optional(),
  error: z.boolean().optional(),
  /** For failures: the HTTP status the provider answered, if any. */
  errorStatus: z.number().int().optional(),
  /** For failures the product recognises: `model_not_found` when the key cannot use the model. */
  errorCode: z.literal("model_not_found").optional(),
  /** For failures: whether retrying later may succeed. */
  retryable: z.boolean().optional(),
  /** How many attempts the call took (1 when it worked at once). */
  attempts: z.number().int().optional(),
  /**
   * When the call was hedged: after how long the backup request went out, to which model, which
   * request answered, and which was aborted. Tokens and cost include both requests.
   */
  hedge: z
    .object({
      afterMs: z.number(),
      backup: z.string(),
      won: z.enum(["original", "backup"]),
      abortedRequest: z.enum(["original", "backup"]).optional(),
    })
    .optional(),
};

/** What every model call reports: an opinion's, the synthesis', a review's usage and latency. */
export type ModelCall = z.infer<z.ZodObject<typeof modelCallShape>>;

/** One model's answer (or its failure, with `error: true` and the cause in `response`). */
export const modelOpinion = z
  .object({
    ...modelCallShape,
    citations: z.array(citation),
    /** The calling agent's own answer (`hostAnswer`): no provider call, so no tokens, cost or latency. */
    host: z.literal(true).optional(),
  })
  .meta({ id: "modelOpinion" });
export type ModelOpinion = z.infer<typeof modelOpinion>;
export type Citation = z.infer<typeof citation>;

/** A go / no-go vote. */
export const vote = z.enum(["go", "block", "unsure"]);
export type Vote = z.infer<typeof vote>;

/** The machine-readable part of a synthesis: how far the models agree, and on what. */
export const assessment = z
  .object({
    /**
     * Computed, not written by the model, and said first: the panel's models that gave no opinion
     * (failed, timed out, or still answering when the answer was due), and whether the verdict was
     * withheld for it: half or more of the panel, or every model of a family, is missing.
     */
    degraded: z
      .object({
        missing: z.array(
          z.object({
            model: z.string(),
            why: z.enum(["failed", "timed-out", "late"]),
            errorStatus: z.number().int().optional(),
            errorCode: z.string().optional(),
          }),
        ),
        /** How many models the panel asked. */
        panelSize: count(),
        /** Families of which no model gave an opinion. */
        lostFamilies: z.array(z.string()),
        verdictWithheld: z.boolean(),
        /** One sentence saying who is missing and why. */
        note: z.string(),
      })
      .optional(),
    /** Names the synthesis model wrote in votes, dissent and positions that no model taking part has: dropped. */
    droppedNames: count().optional(),
    /** 0 (no agreement) to 1 (full agreement), with a one-line reason. */
    agreement: z.object({ score: z.number(), reason: z.string() }),
    /** Points every model shares. */
    consensus: z.array(z.string()),
    /** Points not all models share, each with the models holding it. */
    dissent: z.array(z.object({ point: z.string(), models: z.array(z.string()) })),
    /** For yes/no, go/no-go and review questions: the decision and each model's vote. */
    verdict: z
      .object({
        decision: vote,
        reason: z.string(),
        votes: z.array(z.object({ model: z.string(), vote })),
        /** With `degraded.verdictWithheld`: what the models that answered decided; `decision` is then unsure. */
        degradedFrom: vote.optional(),
      })
      .optional(),
    /** The models grouped by their bottom-line answer (for a multiple-choice question, the letter). */
    positions: z.array(z.object({ answer: z.string(), models: z.array(z.string()) })).optional(),
    /**
     * Computed from `positions`, not written by the model: each model family is one voice, shared by its
     * models; `score` is the share of voices holding the most-held `answer`; `families` groups the
     * models that answered.
     */
    familyAgreement: z
      .object({
        score: z.number(),
        answer: z.string(),
        families: z.array(z.object({ family: z.string(), models: z.array(z.string()) })),
      })
      .optional(),
    /** The answer's main claims (at most 12), each with the models stating and contradicting it. */
    claims: z.array(claim).optional(),
    /** How many independent votes the models that answered are worth, and from what evidence. */
    independentVotes: independentVotes.optional(),
  })
  .meta({ id: "assessment" });
export type Assessment = z.infer<typeof assessment>;

/** The synthesis of all successful opinions. */
export const synthesis = z
  .object({
    ...modelCallShape,
    /** Citations of the opinions, deduplicated by URL. */
    sources: z.array(citation),
    /** The models whose opinions were synthesised. */
    basedOn: z.array(z.string()),
    /** Models that were tried for the synthesis before this one and failed, with the cause. */
    fallbackFrom: z.array(z.object({ model: z.string(), error: z.string() })).optional(),
    /** The structured verdict written with the synthesis. */
    assessment: assessment.optional(),
    /** Why there is no assessment, when the synthesis was written without one. */
    assessmentError: z.string().optional(),
    /** When no synthesis could be written: the model whose answer is stored instead. */
    fallbackAnswerFrom: z.string().optional(),
  })
  .meta({ id: "synthesis" });
export type Synthesis = z.infer<typeof synthesis>;

/** The side a model is told to argue. */
export const stance = z.enum(["for", "against", "neutral"]);
export type Stance = z.infer<typeof stance>;

/** One round of a debate: every model's answer in it. Round 1 holds the first opinions. */
export const debateRound = z
  .object({
    round: z.number().int().min(1),
    opinions: z.array(modelOpinion),
    /** From round 2: whether each model changed its position, and why. */
    changes: z
      .array(z.object({ model: z.string(), changedPosition: z.boolean(), why: z.string() }))
      .optional(),
  })
  .meta({ id: "debateRound" });
export type DebateRound = z.infer<typeof debateRound>;

const { response: _response, ...reviewCallShape } = modelCallShape;

const rankedAnswers = z.array(z.object({ model: z.string(), reason: z.string() }));

/**
 * One reviewer's ranking of the other answers, best first, with names restored; or its failure. The
 * reviewer ranks them twice, the second time in another order (every answer moved, re-lettered).
 */
export const peerReview = z.object({
  reviewer: z.string(),
  /** The ranking of the first presentation. */
  ranking: rankedAnswers,
  /** The ranking of the second presentation (absent with a single answer to rank: no order to swap). */
  secondRanking: rankedAnswers.optional(),
  /** Share of answer pairs the two rankings order alike: 1 = the same ranking, 0 = reversed. */
  consistency: z.number().min(0).max(1).optional(),
  /**
   * What the reviewer counted for in the aggregate: 2 × consistency − 1 (Kendall's tau), at least 0;
   * 1 for every reviewer when none is above 0 (then all count alike).
   */
  weight: z.number().min(0).max(1).optional(),
  /** Its two rankings agree no more than chance (consistency 0.5 or less); with weight 0 it did not count. */
  inconsistent: z.literal(true).optional(),
  /** The review calls' usage (both presentations added) and latency (the slower). */
  call: z.object(reviewCallShape),
  error: z.string().optional(),
});
export type PeerReview = z.infer<typeof peerReview>;

/** The council review: every reviewer's rankings, and their aggregate (Borda count over both orders). */
export const councilReview = z
  .object({
    /**
     * Best first: Borda points (a response ranked p-th of k earns k - p, averaged over the reviewer's two
     * rankings and multiplied by its weight), mean rank (1 = best), reviews counted.
     */
    ranking: z.array(
      z.object({ model: z.string(), points: z.number(), meanRank: z.number(), reviews: count() }),
    ),
    reviews: z.array(peerReview),
  })
  .meta({ id: "councilReview" });
export type CouncilReview = z.infer<typeof councilReview>;

/** Totals over every call of a consultation, the synthesis included. */
export const consultationSummary = z
  .object({
    /** Models that gave an opinion (primary plus secondaries), failed ones included. */
    totalModels: count(),
    /** Sum of the reported tokens; left out when no call reported usage. */
    totalTokens: count().optional(),
    /** Sum of the known costs in USD; left out when no cost is known. */
    totalCost: z.number().min(0).optional(),
    /** Wall time of the whole consultation. */
    totalLatencyMs: z.number().min(0),
    successfulModels: count(),
    failedModels: count(),
    /** Models whose provider did not report usage: totals leave them out. */
    unreportedUsage: z.array(z.string()).optional(),
    /** Models still running when the answer was due; the totals do not count them yet. */
    pendingModels: z.array(z.string()).optional(),
    /** Says plainly that the synthesis did not hear from every model, when it did not. */
    note: z.string().optional(),
    /**
     * When two or more models answered and every one is of the same family (e.g. "Anthropic Claude"): its
     * name. Models of one family share blind spots, so their agreement is weak evidence.
     */
    singleFamily: z.string().optional(),
  })
  .meta({ id: "summary" });
export type ConsultationSummary = z.infer<typeof consultationSummary>;

/** What the cost estimate decided, when there was a cap, a model left out or a model of unknown cost. */
export const budgetReport = z
  .object({
    maxCostUsd: z.number().nullable(),
    /** Upper bound of what the models kept can cost, for those with a price. */
    estimatedCostUsd: z.number().min(0),
    leftOut: z.array(
      z.object({ model: z.string(), reason: z.string(), estimatedCostUsd: z.number().optional() }),
    ),
    /** Models kept whose cost is unknown (no price in the price data or the config file). */
    unknownCost: z.array(z.string()),
  })
  .meta({ id: "budgetReport" });
export type BudgetReport = z.infer<typeof budgetReport>;

/** How an adaptive consultation went: the path taken, why, and the agreement it was decided on. */
export const adaptiveOutcome = z
  .object({
    /**
     * `cheap`: the first two models agreed and answered; `escalated`: they did not, and the rest of the
     * panel was asked too; `full`: the whole panel was asked at once (the reason says why).
     */
    path: z.enum(["cheap", "escalated", "full"]),
    reason: z.string(),
    /** The agreement score of the first two models' synthesis, when it gave one. */
    agreement: z.number().optional(),
    /** The score at or above which the first two settle it. */
    threshold: z.number(),
    /** The two models asked first (empty when the whole panel was asked at once). */
    firstModels: z.array(z.string()),
  })
  .meta({ id: "adaptiveOutcome" });
export type AdaptiveOutcome = z.infer<typeof adaptiveOutcome>;

/** What a consultation adds beside the opinions: its cost estimate, the council's sides, rounds and review. */
export const councilShape = {
  /** With `strategy: "adaptive"`: the path taken and why. */
  adaptive: adaptiveOutcome.optional(),
  /** With `strategy: "auto"`: what was chosen, why, and the eval runs it was chosen from. */
  strategyChoice: strategyChoice.optional(),
  /** What the cost estimate decided, when it decided anything. */
  budget: budgetReport.optional(),
  /** The sides the models were told to argue, when asked. */
  stances: z.record(z.string(), stance).optional(),
  /** Every round, when there was more than one; the opinions are the last round's. */
  rounds: z.array(debateRound).optional(),
  /** The council review, when asked. */
  review: councilReview.optional(),
  /** Models still running when the answer was due; each opinion is added to the stored turn as it lands. */
  pendingModels: z.array(z.string()).optional(),
};

/** The opinions of one consultation, as stored in the assistant message's `metadata.secondOpinion`. */
export const secondOpinion = z
  .object({
    primary: modelOpinion,
    secondaryOpinions: z.array(modelOpinion),
    /** Absent when no synthesis was asked for (the seed schema does not allow null here). */
    synthesis: synthesis.optional(),
    summary: consultationSummary,
    ...councilShape,
  })
  .meta({ id: "secondOpinion" });
export type SecondOpinion = z.infer<typeof secondOpinion>;
