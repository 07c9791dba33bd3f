// Cost before any provider call. Each model's cost is estimated as an upper bound from the prompt
// size (attachments included) and its output cap (which every call enforces), priced by the price
// data with the search fees of a searching call. Under `maxCostUsd` the
// most expensive secondaries are left out until the estimate fits, and a call that cannot fit even
// with its primary alone is refused with the estimate. Models without a price have an unknown cost:
// the caller's tier allows them or leaves them out. Every model left out is named, with the reason.
// Debate rounds and council reviews count as further calls of every model (a review two: it ranks in
// two orders). A daily budget holds the worst case, which counts the synthesis twice (structured, then
// plain), and no more fallbacks than fit; an adaptive call, which may write two syntheses, counts both,
// and every model it may ask.

import type { BudgetReport } from "../../contract/opinions.ts";
import { ServiceError } from "../../contract/service-error.ts";
import { costOf, hasPrice } from "../../pricing/price-data.ts";
import { type ModelEntry, outputCapOf } from "../../providers/model-entry.ts";
import type { ConsultationPlan } from "./model-selection.ts";

/** What the caller and the caller's tier allow. */
export interface CostPolicy {
  /** Most the call may cost, in USD; undefined for no cap. */
  maxCostUsd?: number | undefined;
  unpricedModels: "allow" | "refuse";
  /** Web searches each call may run (0 when search is off); priced where the vendor charges per search. */
  searchesPerCall?: number;
  /**
   * Holds the fitted plan's worst case (its estimate with every synthesis fallback) against the
   * caller's daily budget; called once, after the plan is fitted and before any provider is called.
   * Throws to refuse the call.
   */
  reserve?: ((estimatedCostUsd: number) => Promise<void>) | undefined;
  /** Whether a daily budget holds the call, so the synthesis may fall back only as far as it holds. */
  dailyBudget?: boolean;
}

/** Tokens of a text, estimated on the high side (three characters a token). */
export function estimateTokens(characters: number): number {
  return Math.ceil(characters / 3);
}

/** Upper bound of one call's cost, or undefined when the model has no price. */
export function estimateCallCost(
  entry: ModelEntry,
  inputTokens: number,
  webSearches = 0,
): number | undefined {
  return costOf(entry, { inputTokens, outputTokens: outputCapOf(entry), webSearches });
}

/**
 * Fits `plan` to `policy`. `promptTokens` is the estimated prompt of one opinion (question, history
 * and instructions). Throws `budget_exceeded` when no plan fits, before any provider is called. With
 * the plan and its report come `worstCaseUsd`, what a daily budget holds for it (the first synthesis
 * candidate counted twice, structured and plain), and `synthesisAllowanceUsd`, one synthesis's share.
 * `syntheses` is how many syntheses the call may write (an adaptive call: the first two models', then
 * the whole panel's); each is counted at the cost of the whole panel's.
 */
export function fitPlanToBudget(
  plan: ConsultationPlan,
  promptTokens: number,
  policy: CostPolicy,
  extraCallsPerModel = 0,
  syntheses = 1,
): { plan: ConsultationPlan; report: BudgetReport; worstCaseUsd: number; synthesisAllowanceUsd: number } {
  const { leftOut, synthesisCandidates, ...priced } = pricedOnly(plan, policy);
  let { secondaries } = priced;
  const { opinionCost, synthesisCost } = planEstimates(plan, promptTokens, policy, extraCallsPerModel);
  const totalOf = (kept: ModelEntry[]) =>
    opinionCost(plan.primary) +
    kept.reduce((sum, entry) => sum + opinionCost(entry), 0) +
    (kept.length > 0 && synthesisCandidates[0] ? syntheses * synthesisCost(synthesisCandidates[0], kept) : 0);

  const max = policy.maxCostUsd;
  if (max !== undefined) {
    while (secondaries.length > 0 && totalOf(secondaries) > max) {
      const dearest = secondaries.reduce((most, entry) =>
        opinionCost(entry) > opinionCost(most) ? entry : most,
      );
      secondaries = secondaries.filter((entry) => entry !== dearest);
      leftOut.push({
        model: dearest.name,
        reason: `the estimate would exceed maxCostUsd ${max}`,
        estimatedCostUsd: round(opinionCost(dearest)),
      });
    }
    const estimate = totalOf(secondaries);
    if (estimate > max) {
      throw new ServiceError(
        "budget_exceeded",
        `Even ${plan.primary.name} alone may cost up to $${round(estimate)} (prompt of about ${promptTokens} tokens, up to ${outputCapOf(plan.primary)} output tokens), more than maxCostUsd $${max}. Raise maxCostUsd, shorten the question, or choose a cheaper primaryModel.`,
        { maxCostUsd: max, estimatedCostUsd: round(estimate) },
      );
    }
  }
  const remaining =
    max === undefined
      ? Number.POSITIVE_INFINITY
      : max - (totalOf([]) + secondaries.reduce((sum, entry) => sum + opinionCost(entry), 0));
  // Without a cap every candidate fits, and none need be priced: a panel may list many fallbacks.
  const synthesis =
    secondaries.length === 0
      ? []
      : max === undefined
        ? synthesisCandidates
        : synthesisCandidates.filter((entry) => syntheses * synthesisCost(entry, secondaries) <= remaining);
  const kept = [plan.primary, ...secondaries, ...synthesis.slice(0, 1)];
  // What a daily budget holds: the first synthesis candidate tried as structured output and then as
  // plain text; under a daily budget, later candidates are tried only within that (see synthesis.ts).
  const opinionsCost = [plan.primary, ...secondaries].reduce((sum, entry) => sum + opinionCost(entry), 0);
  const synthesisAllowance =
    secondaries.length === 0 || !synthesis[0] ? 0 : 2 * synthesisCost(synthesis[0], secondaries);
  return {
    worstCaseUsd: round(opinionsCost + syntheses * synthesisAllowance),
    synthesisAllowanceUsd: synthesisAllowance,
    plan: { ...plan, secondaries, synthesis },
    report: {
      maxCostUsd: max ?? null,
      estimatedCostUsd: round(totalOf(secondaries)),
      leftOut,
      unknownCost: [...new Set(kept.filter((entry) => !hasPrice(entry)).map((entry) => entry.name))],
    },
  };
}

/**
 * The plan's models the policy allows: throws budget_exceeded for an unpriced primary the tier refuses;
 * leaves out unpriced secondaries, and every secondary when no synthesis candidate is left.
 */
function pricedOnly(
  plan: ConsultationPlan,
  policy: CostPolicy,
): { secondaries: ModelEntry[]; synthesisCandidates: ModelEntry[]; leftOut: BudgetReport["leftOut"] } {
  const leftOut: BudgetReport["leftOut"] = [];
  const unpricedReason =
    "unknown cost: the price data has no price for it, and your tier does not allow models of unknown cost";
  if (policy.unpricedModels === "refuse" && !hasPrice(plan.primary)) {
    throw new ServiceError(
      "budget_exceeded",
      `${plan.primary.name} has no price in the price data, and your tier does not allow models of unknown cost. Choose a priced primaryModel (see ai-universe models).`,
    );
  }
  let secondaries = plan.secondaries.filter((entry) => {
    if (policy.unpricedModels === "allow" || hasPrice(entry)) return true;
    leftOut.push({ model: entry.name, reason: unpricedReason });
    return false;
  });
  const synthesisCandidates = plan.synthesis.filter(
    (entry) => policy.unpricedModels === "allow" || hasPrice(entry),
  );
  if (synthesisCandidates.length === 0 && secondaries.length > 0) {
    for (const entry of secondaries) {
      leftOut.push({ model: entry.name, reason: "no model of known cost is left to write the synthesis" });
    }
    secondaries = [];
  }
  return { secondaries, synthesisCandidates, leftOut };
}

/**
 * The estimates `fitPlanToBudget` weighs, each priced once per plan (pricing a call walks the price
 * data's rules, and the fitting asks for the same estimates over and over): an opinion's, with its
 * debate rounds or reviews, and a synthesis's over the answers of `kept`.
 */
function planEstimates(
  plan: ConsultationPlan,
  promptTokens: number,
  policy: CostPolicy,
  extraCallsPerModel: number,
): {
  opinionCost: (entry: ModelEntry) => number;
  synthesisCost: (entry: ModelEntry, kept: ModelEntry[]) => number;
} {
  const searches = (entry: ModelEntry) =>
    entry.alwaysSearches || !entry.webSearch ? 0 : (policy.searchesPerCall ?? 0);
  // Debate rounds and reviews are further calls per model, each reading every other answer.
  const answersTokens = [plan.primary, ...plan.secondaries].reduce(
    (sum, entry) => sum + outputCapOf(entry),
    0,
  );
  const opinionCosts = new Map<ModelEntry, number>();
  const synthesisCosts = new Map<ModelEntry, Map<number, number>>();
  return {
    opinionCost(entry) {
      let cost = opinionCosts.get(entry);
      if (cost === undefined) {
        cost = estimateCallCost(entry, promptTokens, searches(entry)) ?? 0;
        if (extraCallsPerModel > 0)
          cost += extraCallsPerModel * (estimateCallCost(entry, promptTokens + answersTokens) ?? 0);
        opinionCosts.set(entry, cost);
      }
      return cost;
    },
    synthesisCost(entry, kept) {
      const inputTokens =
        promptTokens + [plan.primary, ...kept].reduce((sum, opinion) => sum + outputCapOf(opinion), 0);
      const costs = synthesisCosts.get(entry) ?? new Map<number, number>();
      synthesisCosts.set(entry, costs);
      let cost = costs.get(inputTokens);
      if (cost === undefined) {
        cost = estimateCallCost(entry, inputTokens) ?? 0;
        costs.set(inputTokens, cost);
      }
      return cost;
    },
  };
}

function round(usd: number): number {
  return Math.round(usd * 1e6) / 1e6;
}
