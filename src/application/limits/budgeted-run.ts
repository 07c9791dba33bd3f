// The one cost path of a call that asks models: it is counted against the caller's tier, its cost policy
// is the tier's with the caller's cap (`costPolicy`), and it runs inside its hold on the caller's daily
// budget (call-budget.ts): the strategy reserves the worst case before any provider call, the answer's
// cost is charged when it is given, each late opinion's when it lands, and the hold ends once nothing of
// the call runs any more (at once when the call fails or is cancelled). The second-opinion, send-message
// and evaluation use cases all take it.

import type { Tier } from "../../configuration/access.ts";
import type { CostPolicy } from "../../consultation/index.ts";
import type { Caller } from "../caller.ts";
import type { Admission } from "./admission.ts";

/** A call of `caller` that asks models at a cost. */
export interface BudgetedCall {
  admission: Admission;
  caller: Caller;
  /** The caller's cap on the call, in USD (the input's maxCostUsd). */
  request: { maxCostUsd?: number | undefined };
  /** Also holds each worst case elsewhere before the daily budget does (an evaluation run's cap). */
  reserve?: (estimatedCostUsd: number) => Promise<void>;
}

/** The cost policy of a caller of `tier` asking `request`; `reserve` holds the call's worst case. */
export function costPolicy(
  tier: Tier,
  request: BudgetedCall["request"],
  reserve?: CostPolicy["reserve"],
): CostPolicy {
  return {
    maxCostUsd: request.maxCostUsd,
    unpricedModels: tier.unpricedModels,
    dailyBudget: tier.dailyBudgetUsd !== null,
    ...(reserve ? { reserve } : {}),
  };
}

/**
 * Counts `call` against the caller's tier (throwing as admission does), then runs `run` with the call's
 * cost policy and `charge`, which charges a late opinion's cost to the caller's budget; `costOf` is what
 * the answer cost when it was given. `settled` resolves once nothing of the call runs any more (the
 * run's own `settled`, or at once) and the hold is let go.
 */
export async function runWithinBudget<Outcome>(
  call: BudgetedCall,
  run: (
    cost: CostPolicy,
    charge: (opinion: { cost?: number | undefined }) => void,
  ) => Promise<{ outcome: Outcome; settled?: Promise<void> }>,
  costOf: (outcome: Outcome) => number | undefined,
): Promise<{ outcome: Outcome; settled: Promise<void> }> {
  const { admission, caller } = call;
  await admission.admit(caller);
  const budget = admission.callBudget(caller);
  const cost = costPolicy(admission.tierOf(caller), call.request, async (usd) => {
    await call.reserve?.(usd);
    await budget.reserve(usd);
  });
  let answered: Awaited<ReturnType<typeof run>>;
  try {
    answered = await run(cost, (opinion) => void budget.charge(opinion.cost));
  } catch (error) {
    await budget.end();
    throw error;
  }
  await budget.charge(costOf(answered.outcome));
  // Late opinions are charged before this: the hold covers them until the last one has landed.
  const settled = (answered.settled ?? Promise.resolve()).then(() => budget.end());
  return { outcome: answered.outcome, settled };
}
