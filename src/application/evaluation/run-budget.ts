// An evaluation run's cost cap (`--max-cost`), held the way a caller's daily budget is (call-budget.ts):
// before each call its worst case is reserved in the store's spend, atomically against what the run has
// spent and what its other calls hold, so calls running at once cannot together pass the cap; what the
// call cost is charged when it is known and the rest let go. The run's spend is kept under an owner of
// its own and a period that never ends, so it adds up across a killed run and its resumptions. A call
// whose worst case does not fit waits while this process's other calls still hold part of the cap (they
// will let go of what they did not spend), and stops the run when none does. A hold left by a killed
// process lapses with its lease: when such holds keep a call out, it waits once for them to lapse.

import { ServiceError } from "../../contract/service-error.ts";
import { usd } from "../../contract/usd.ts";
import { EvaluationBudgetStop } from "../../evaluation/run/evaluation-calls.ts";
import type { SpendStore } from "../../store/spend.ts";
import { createCallBudget } from "../limits/call-budget.ts";

/** One call's hold on the run's budget. */
export interface CallHold {
  /** Reserves the call's worst case; throws EvaluationBudgetStop when it does not fit under the cap. */
  reserve(estimatedCostUsd: number): Promise<void>;
  /** Charges what the call cost (undefined: unknown, nothing) and lets go of the rest. */
  settle(costUsd: number | undefined): Promise<void>;
}

/** The run's budget. */
export interface RunBudget {
  /** A hold for the next call. */
  call(): CallHold;
  /** What the run has spent, in USD, earlier processes included. */
  spentUsd(): number;
}

/** What the run's budget needs. */
export interface RunBudgetContext {
  spend: SpendStore;
  runId: string;
  /** The cap; null for none (the spend is still counted). */
  maxCostUsd: number | null;
  clock: () => Date;
  /** How long a hold lasts unless renewed (the call renews it at a third of that). */
  leaseMs: number;
  /** Waits `ms` (a test makes it instant). */
  wait?: (ms: number) => Promise<void>;
}

/** The period the run's spend is kept under: one that never ends. */
const runPeriod = "run";

/** The spend store's owner of run `runId`'s spend. */
export function runSpendOwner(runId: string): string {
  return `evaluation/${runId}`;
}

/** Opens the budget of run `context.runId`, reading what it spent before. */
export async function openRunBudget(context: RunBudgetContext): Promise<RunBudget> {
  const { spend, runId, maxCostUsd, clock, leaseMs } = context;
  const owner = runSpendOwner(runId);
  const wait = context.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let spent = await spend.spentOn(owner, runPeriod);
  /** How many of this process's calls hold part of the cap now. */
  let holders = 0;
  const budgetOf = () =>
    createCallBudget({
      spend,
      caller: { userId: owner, tier: "evaluation" },
      tier: {
        requestsPerHour: null,
        requestsPerDay: null,
        dailyBudgetUsd: maxCostUsd,
        unpricedModels: "allow",
      },
      clock,
      leaseMs,
      period: runPeriod,
    });
  /** Resolves when one of this process's calls next lets go of its hold. */
  let settled = signal();
  return {
    spentUsd: () => spent,
    call() {
      const budget = budgetOf();
      let holds = false;
      return {
        async reserve(estimatedCostUsd) {
          // One hold a call, as a daily budget's: a second reservation of the same call holds nothing more.
          if (holds) return;
          let waitedForOthers = false;
          for (;;) {
            try {
              await budget.reserve(estimatedCostUsd);
              holds = true;
              holders += 1;
              return;
            } catch (error) {
              if (!(error instanceof ServiceError) || error.code !== "budget_exhausted") throw error;
              // This process's own calls will let go of what they hold: try again when one has.
              if (holders > 0) {
                await settled.promise;
                continue;
              }
              // Held by another process: one killed lets go when its lease runs out.
              if (!waitedForOthers && Number(error.details?.heldUsd ?? 0) > 1e-12) {
                waitedForOthers = true;
                await wait(leaseMs);
                continue;
              }
              const spentUsd = Number(error.details?.spentUsd ?? spent);
              const left = Math.max(0, (maxCostUsd ?? 0) - spentUsd - Number(error.details?.heldUsd ?? 0));
              throw new EvaluationBudgetStop(
                `the next call may cost up to ${usd(estimatedCostUsd)} (its worst case: every model writing its whole output cap), but only ${usd(left)} of the run's cap of ${usd(maxCostUsd ?? 0)} is left (${usd(spentUsd)} spent). Raise --max-cost and run the same command again to go on.`,
              );
            }
          }
        },
        async settle(costUsd) {
          await budget.charge(costUsd);
          await budget.end();
          spent += costUsd ?? 0;
          if (holds) holders -= 1;
          holds = false;
          const waiting = settled;
          settled = signal();
          waiting.resolve();
        },
      };
    },
  };
}

/** A promise and the function that resolves it. */
function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
