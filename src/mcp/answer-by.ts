// When a call must be answered by, decided at the MCP edge where the caller is known: a caller that
// sends no progress token cannot tell a long call from a dead one, and some clients give up at a fixed
// time whatever progress they get. Both get the answer before then; tasks and clients that wait while
// progress flows (Claude Code) keep the full wait.

import { type Configuration, timeLimitOf } from "../application/index.ts";

/** Seconds kept between the answer and a client's own limit, for the result to travel. */
const marginSeconds = 10;

/** What the edge knows of a call. */
export interface CallerSignals {
  /** The request carries a progress token. */
  takesProgress: boolean;
  /** The client's name from `initialize` (clientInfo.name), when known. */
  clientName?: string | undefined;
}

/** Milliseconds within which the call is answered, or undefined for the full wait. */
export function answerWithinFor(
  caller: CallerSignals,
  configuration: Pick<Configuration, "clientTimeLimits" | "defaults">,
): number | undefined {
  const limit = timeLimitOf(configuration.clientTimeLimits, caller.clientName);
  const fallback = configuration.defaults.answerWithinMs;
  if (limit !== undefined) return Math.min(fallback, Math.max(5, limit - marginSeconds) * 1000);
  return caller.takesProgress ? undefined : fallback;
}
