// The limits on following late opinions: opening a watch is one request against the caller's tier,
// like any other read, and one user holds at most a few watches open at once on a node, so a client
// cannot keep dozens of streams (each up to a model's deadline long) open for the price of one.

import { ServiceError } from "../../contract/service-error.ts";
import type { Caller } from "../caller.ts";
import type { LateOpinionWatch } from "../late-opinion-watch.ts";
import type { Admission } from "./admission.ts";

/** Most late-opinion watches one user holds open at once, on one node. */
export const maxLateOpinionWatches = 4;

/** A watch of late opinions, as the application's `watchLateOpinions`. */
type Watch = (caller: Caller, input: unknown, options: LateOpinionWatch) => Promise<string[]>;

/**
 * `watch`, counted against the caller's tier by `admission` and refused with `rate_limited` while the
 * caller already holds `maxOpen` watches open on this node.
 */
export function limitedLateOpinionWatch(
  watch: Watch,
  admission: Pick<Admission, "admit">,
  maxOpen = maxLateOpinionWatches,
): Watch {
  const open = new Map<string, number>();
  return async (caller, input, options) => {
    const held = open.get(caller.userId) ?? 0;
    if (held >= maxOpen) {
      throw new ServiceError(
        "rate_limited",
        `You are already following the late opinions of ${held} answers, the most at once: close one (a page or a terminal still waiting) and try again.`,
        { limit: maxOpen, window: "open", retryAfterSeconds: 5 },
      );
    }
    open.set(caller.userId, held + 1);
    try {
      await admission.admit(caller);
      return await watch(caller, input, options);
    } finally {
      const left = (open.get(caller.userId) ?? 1) - 1;
      if (left > 0) open.set(caller.userId, left);
      else open.delete(caller.userId);
    }
  };
}
