// Whether a caller may make a request now: the requests per hour and per day of the caller's tier
// (counted where every process on the store sees them: see rate-limits.ts) and the tier's daily
// budget (the spend the store records per user and day, and what running calls hold of it: see
// call-budget.ts). A refused call is a ServiceError with a stable code, the limit and when to retry.

import { defaultTierName, isTierName, type Tier } from "../../configuration/access.ts";
import { ServiceError } from "../../contract/service-error.ts";
import type { Usage } from "../../contract/usage.ts";
import type { Store } from "../../store/store.ts";
import type { Caller } from "../caller.ts";
import { type CallBudget, createCallBudget, dayOf, nextMidnightAfter } from "./call-budget.ts";
import { createRequestCounters, type RequestCounters } from "./rate-limits.ts";

/** Admits requests against the tiers. */
export interface Admission {
  /** The tier of `caller` (an unknown tier name falls back to `user`). */
  tierOf(caller: Caller): Tier;
  /**
   * Counts one request; throws `rate_limited` or `budget_exhausted` when the caller may not make it,
   * or `store_unavailable` (retryable) when the request cannot be counted.
   */
  admit(caller: Caller): Promise<void>;
  /**
   * Counts one request now for a call that runs later (a task), and throws as `admit` when the caller may
   * not make it, before anything of the call exists. Returns the caller the call is to run as: its
   * first `admit` is then not counted again.
   */
  admitAhead(caller: Caller): Promise<Caller>;
  /** Counts one look at a running task (its own allowance: clients poll); throws as `admit`. */
  admitPoll(caller: Caller): Promise<void>;
  /** Counts one call of an agent CLI against the tier's calls a day; throws `rate_limited` past them. */
  admitAgentCliCall(caller: Caller): Promise<void>;
  /** A new call's hold on the caller's daily budget: its worst case reserved, its cost charged. */
  callBudget(caller: Caller): CallBudget;
  /** Adds what a request cost to the caller's spend today. */
  recordSpend(caller: Caller, usd: number): Promise<void>;
  /** The caller's limits, use, spend and reset times. */
  usage(caller: Caller): Promise<Usage>;
}

/** How long a call's reservation lasts unless the call renews it (it does, at a third of this). */
export const defaultReservationLeaseMs = 120_000;

/** Builds the admission over the store's spend and request counters, and the configured tiers. */
export function createAdmission(
  store: Pick<Store, "spend" | "requestCounters">,
  tiers: Record<string, Tier>,
  clock: () => Date,
  options: { reservationLeaseMs?: number } = {},
): Admission {
  const { spend } = store;
  const counters = createRequestCounters(store.requestCounters, clock);
  const tierOf = (caller: Caller): Tier =>
    (isTierName(tiers, caller.tier) ? tiers[caller.tier] : undefined) ??
    tiers[defaultTierName] ?? {
      requestsPerHour: 0,
      requestsPerDay: 0,
      dailyBudgetUsd: 0,
      unpricedModels: "refuse",
    };

  /** Callers whose next request was counted ahead (admitAhead). */
  const countedAhead = new WeakSet<Caller>();
  const admit = async (caller: Caller) => {
    if (countedAhead.delete(caller)) return;
    const tier = tierOf(caller);
    if (tier.dailyBudgetUsd !== null) await refuseWhenSpent(spend, caller, tier.dailyBudgetUsd, clock());
    await counters.count(caller, tier);
  };

  return {
    tierOf,
    admit,

    async admitAhead(caller) {
      await admit(caller);
      const counted = { ...caller };
      countedAhead.add(counted);
      return counted;
    },

    admitPoll: (caller) => counters.countPoll(caller, tierOf(caller)),

    admitAgentCliCall: (caller) => countAgentCliCall(counters, caller, tierOf(caller)),

    callBudget(caller) {
      return createCallBudget({
        spend,
        caller,
        tier: tierOf(caller),
        clock,
        leaseMs: options.reservationLeaseMs ?? defaultReservationLeaseMs,
      });
    },

    async recordSpend(caller, usd) {
      if (usd > 0) await spend.add(caller.userId, dayOf(clock()), usd);
    },

    async usage(caller) {
      const tier = tierOf(caller);
      const requests = await counters.usage(caller, tier);
      const now = clock();
      return {
        userId: caller.userId,
        tier: caller.tier,
        requests,
        spend: {
          todayUsd: await spend.spentOn(caller.userId, dayOf(now)),
          heldUsd: await spend.heldOn(caller.userId, dayOf(now), now.getTime()),
          dailyBudgetUsd: tier.dailyBudgetUsd,
          resetsAt: nextMidnightAfter(now),
        },
        unpricedModels: tier.unpricedModels,
      };
    },
  };
}

/** Counts one agent CLI call of `caller`; a tier that allows none refuses it without counting. */
async function countAgentCliCall(counters: RequestCounters, caller: Caller, tier: Tier): Promise<void> {
  if (tier.agentCliCallsPerDay !== 0) return counters.countAgentCliCall(caller, tier);
  throw new ServiceError(
    "rate_limited",
    `Your tier (${caller.tier}) allows no agent CLI calls: they run on this server's subscriptions. Ask other models, or ask the operator for a tier that allows them.`,
    { limit: 0, window: "agent-cli-day" },
  );
}

/** Throws `budget_exhausted` when `caller` has spent `dailyBudgetUsd` or more on the day of `now`. */
async function refuseWhenSpent(
  spend: Store["spend"],
  caller: Caller,
  dailyBudgetUsd: number,
  now: Date,
): Promise<void> {
  const spent = await spend.spentOn(caller.userId, dayOf(now));
  if (spent < dailyBudgetUsd) return;
  const retryAt = nextMidnightAfter(now);
  throw new ServiceError(
    "budget_exhausted",
    `You have spent $${spent.toFixed(4)} today, your tier's (${caller.tier}) daily budget of $${dailyBudgetUsd}. It resets at ${retryAt}.`,
    {
      dailyBudgetUsd,
      spentUsd: spent,
      retryAt,
      retryAfterSeconds: Math.max(1, Math.ceil((Date.parse(retryAt) - now.getTime()) / 1000)),
    },
  );
}
