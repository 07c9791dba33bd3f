// One call's share of its caller's daily budget. Before any model is asked, the call's worst-case
// cost (the estimate of cost-budget.ts: every model writing its whole output cap) is reserved in the
// store, atomically against what was spent today and what the caller's other running calls hold, so
// calls arriving at once on any number of processes cannot together spend past the budget. What each
// model actually cost is charged out of the reservation as it is known (the answer's, then each late
// opinion's); when nothing of the call runs any more, what is left is let go. A call whose worst case
// does not fit in what is left is refused with its estimate, what is left, and what to do.
// The reservation lasts a lease the call keeps renewing, so one whose process died stops counting.

import { randomUUID } from "node:crypto";
import type { Tier } from "../../configuration/access.ts";
import { ServiceError } from "../../contract/service-error.ts";
import { usd } from "../../contract/usd.ts";
import type { ReservationOutcome, SpendStore } from "../../store/spend.ts";
import type { Caller } from "../caller.ts";

/** A call's hold on its caller's daily budget. Charges and the end run in the order they were asked. */
export interface CallBudget {
  /**
   * Reserves `estimatedCostUsd`, the call's worst case, before any model is asked; throws
   * `budget_exhausted` when it does not fit in what is left of the day's budget. Without a budget, holds
   * nothing.
   */
  reserve(estimatedCostUsd: number): Promise<void>;
  /** Adds what (part of) the call actually cost to the caller's spend today, out of the reservation. */
  charge(usd: number | undefined): Promise<void>;
  /** Lets go of what the reservation still holds: nothing of the call runs any more. Safe to repeat. */
  end(): Promise<void>;
}

/** What a call budget works with. */
export interface CallBudgetContext {
  /** The store's spend and reservations. */
  spend: SpendStore;
  caller: Caller;
  tier: Tier;
  clock: () => Date;
  /** How long a reservation lasts without being renewed; the call renews it at a third of that. */
  leaseMs: number;
  /**
   * What the budget is counted over, as the store's day: absent, the UTC day of the call (a daily
   * budget); a fixed name for a budget that spans days (an evaluation run's cost cap).
   */
  period?: string;
}

/** The UTC day (YYYY-MM-DD) of `date`, which budgets are counted by. */
export function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The next UTC midnight after `date`, when the day's budget starts again (ISO time). */
export function nextMidnightAfter(date: Date): string {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1)).toISOString();
}

/** A budget for one call of `context.caller`. */
export function createCallBudget(context: CallBudgetContext): CallBudget {
  const { spend, caller, tier, clock, leaseMs } = context;
  const periodOf = (date: Date) => context.period ?? dayOf(date);
  const owner = caller.userId;
  let reservation: { id: string; day: string } | undefined;
  let renewal: ReturnType<typeof setInterval> | undefined;
  let ended = false;
  let queue: Promise<void> = Promise.resolve();
  /** Runs `step` after every step asked before it; a failure (a store gone away) is not the caller's. */
  const next = (step: () => Promise<unknown>): Promise<void> => {
    queue = queue.then(step).then(
      () => {},
      () => {},
    );
    return queue;
  };

  return {
    async reserve(estimatedCostUsd) {
      const budget = tier.dailyBudgetUsd;
      if (budget === null || reservation || ended) return;
      const now = clock();
      const held = { id: randomUUID(), day: periodOf(now) };
      const outcome = await spend.reserve(
        owner,
        { ...held, usd: estimatedCostUsd, expiresAt: now.getTime() + leaseMs },
        budget,
        now.getTime(),
      );
      if (!outcome.reserved) throw refusal(caller, budget, estimatedCostUsd, outcome, now);
      reservation = held;
      renewal = setInterval(() => {
        void spend.renew(owner, held.id, clock().getTime() + leaseMs).catch(() => {});
      }, leaseMs / 3);
      renewal.unref();
    },

    charge(usd) {
      if (!usd || usd <= 0) return queue;
      return next(() =>
        reservation
          ? spend.charge(owner, reservation.id, reservation.day, usd)
          : spend.add(owner, periodOf(clock()), usd),
      );
    },

    end() {
      if (ended) return queue;
      ended = true;
      return next(async () => {
        clearInterval(renewal);
        if (reservation) await spend.release(owner, reservation.id);
      });
    },
  };
}

/** The refusal of a call whose worst case does not fit in what is left of the day's budget. */
function refusal(
  caller: Caller,
  budgetUsd: number,
  estimatedCostUsd: number,
  outcome: Exclude<ReservationOutcome, { reserved: true }>,
  now: Date,
): ServiceError {
  const { spentUsd, heldUsd } = outcome;
  const remainingUsd = Math.max(0, Math.round((budgetUsd - spentUsd - heldUsd) * 1e9) / 1e9);
  const retryAt = nextMidnightAfter(now);
  const held = heldUsd > 0 ? `, ${usd(heldUsd)} held by your calls still running` : "";
  const waitFor = heldUsd > 0 ? "wait for your running calls to finish or for" : "wait for";
  const cap =
    remainingUsd > 0
      ? `, set maxCostUsd to ${usd(remainingUsd)} or less so the dearest models are left out`
      : "";
  return new ServiceError(
    "budget_exhausted",
    `This call may cost up to ${usd(estimatedCostUsd)} (its worst case: every model asked writing its whole output cap), but only ${usd(remainingUsd)} of your tier's (${caller.tier}) daily budget of $${budgetUsd} is left today (${usd(spentUsd)} spent${held}). Ask fewer models (a lower maxOpinions or a smaller panel)${cap}, choose models with a lower maxOutputTokens, ${waitFor} the budget to reset at ${retryAt}, or ask for a tier with a larger daily budget.`,
    {
      dailyBudgetUsd: budgetUsd,
      spentUsd,
      heldUsd,
      remainingUsd,
      estimatedCostUsd,
      retryAt,
      retryAfterSeconds: Math.max(1, Math.ceil((Date.parse(retryAt) - now.getTime()) / 1000)),
    },
  );
}
