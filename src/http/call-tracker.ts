// The calls running on this node, for a graceful shutdown: while the server drains, a new call is refused
// 503 (with Retry-After, so a client or load balancer sends it again elsewhere) and the drain waits for the
// running ones to finish, up to a deadline. When the last running call ends, the process's memory
// release (src/runtime/memory-release.ts) is told, to give back what a burst of calls took.

import type { IncomingMessage } from "node:http";
import type { MemoryRelease } from "../runtime/memory-release.ts";
import { sendError } from "./http-responses.ts";
import type { HttpStep } from "./http-router.ts";
import { whenClosed } from "./when-closed.ts";

/** Counts running calls and refuses new ones once draining. */
export interface CallTracker {
  readonly draining: boolean;
  /**
   * A step that counts the routes behind it as a call while the response is open (when `isCall` says the
   * request is one), and refuses them while draining.
   */
  counting(isCall?: (request: IncomingMessage) => boolean): HttpStep["step"];
  /** Stops taking calls and waits up to `deadlineMs` for the running ones; how many still run then. */
  drain(deadlineMs: number): Promise<number>;
}

/** A tracker with no call running; `release`, when given, hears when calls start and when none runs. */
export function createCallTracker(release?: MemoryRelease): CallTracker {
  let draining = false;
  let running = 0;
  let settled: (() => void) | undefined;
  return {
    get draining() {
      return draining;
    },
    counting(isCall = () => true) {
      return ({ request, response }, next) => {
        if (!isCall(request)) return next();
        if (draining) {
          sendError(
            response,
            "unavailable",
            "The server is shutting down; send the request again (to another node).",
            {
              headers: { "retry-after": "1", connection: "close" },
            },
          );
          return;
        }
        running += 1;
        if (running === 1) release?.callStarted();
        whenClosed(response, () => {
          running -= 1;
          if (running > 0) return;
          settled?.();
          release?.callsEnded();
        });
        return next();
      };
    },
    async drain(deadlineMs) {
      draining = true;
      if (running > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, deadlineMs);
          settled = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      return running;
    },
  };
}
