// A consultation inside its hold on the caller's daily budget (call-budget.ts): the strategy reserves
// the worst case before any provider call, the answer's cost is charged when it is given, each late
// opinion's when it lands, and the hold ends once nothing of the call runs any more (at once when the
// call fails or is cancelled).

import type { CostPolicy, RunOptions } from "../../consultation/index.ts";
import type { CallBudget } from "./call-budget.ts";

/**
 * Runs `run` with a `reserve` for its cost policy and run options that charge late opinions to
 * `budget`; `costOf` is what the answer cost when it was given.
 */
export async function runWithinBudget<Outcome>(
  budget: CallBudget,
  options: RunOptions,
  run: (reserve: NonNullable<CostPolicy["reserve"]>, running: RunOptions) => Promise<Outcome>,
  costOf: (outcome: Outcome) => number | undefined,
): Promise<Outcome> {
  let settle = () => {};
  const settled = new Promise<void>((resolve) => {
    settle = resolve;
  });
  const running: RunOptions = {
    ...options,
    onLateOpinion: (opinion, stored) => {
      void budget.charge(opinion.cost);
      options.onLateOpinion?.(opinion, stored);
    },
    onTurnSettled: () => {
      settle();
      options.onTurnSettled?.();
    },
  };
  let outcome: Outcome;
  try {
    outcome = await run((usd) => budget.reserve(usd), running);
  } catch (error) {
    await budget.end();
    throw error;
  }
  await budget.charge(costOf(outcome));
  // Late opinions are charged before this: the hold covers them until the last one has landed.
  void settled.then(() => budget.end());
  return outcome;
}
