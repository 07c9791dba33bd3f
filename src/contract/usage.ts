// The result of the `usage` use case: the caller's tier, requests against its limits, and spend
// against its daily budget, each with when it resets.

import { z } from "zod";

/** Requests counted in one window (the hour or the day) against its limit. */
export const windowUsage = z.object({
  /** Null: no limit. */
  limit: z.number().int().nullable(),
  used: z.number().int().min(0),
  /** When the window's count starts again (ISO time); null when nothing was counted in it. */
  resetsAt: z.string().nullable(),
});
export type WindowUsage = z.infer<typeof windowUsage>;

/** What a caller may do and has done. */
export const usageResult = z.object({
  userId: z.string().min(1),
  tier: z.string().min(1),
  requests: z.object({ hour: windowUsage, day: windowUsage }),
  spend: z.object({
    todayUsd: z.number().min(0),
    heldUsd: z.number().min(0).describe("What running calls hold of the daily budget now."),
    /** Null: no budget. */
    dailyBudgetUsd: z.number().nullable(),
    resetsAt: z.string(),
  }),
  /** Whether the tier may use models the price data has no price for. */
  unpricedModels: z.enum(["allow", "refuse"]),
});
export type Usage = z.infer<typeof usageResult>;
