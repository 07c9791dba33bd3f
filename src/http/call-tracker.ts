// The calls running on this node, for a graceful shutdown: while the server drains, a new call is refused
// 503 (with Retry-After, so a client or load balancer sends it again elsewhere) and the drain waits for the
// running ones to finish, up to a deadline. When the last running call ends, the process's memory
// release (src/runtime/memory-release.ts) is told, to give back what a burst of calls took.

import type { IncomingMessage, ServerResponse } from "node:http";
import type { MemoryRelease } from "../runtime/memory-release.ts";
import { sendError } from "./http-responses.ts";

/** A route's handler (http-router.ts). */
type Handler = (request: IncomingMessage, response: ServerResponse, path: string) => unknown;

/** Counts running calls and refuses new ones once draining. */
export interface CallTracker {
  readonly draining: boolean;
  /**
   * Wraps `handle` so it counts as a call while it runs (when `isCall` says the request is one), and is
   * refused while draining.
   */
  counted(handle: Handler, isCall?: (request: IncomingMessage) => boolean): Handler;
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
    counted(handle, isCall = () => true) {
      return (request, response, path) => {
        if (!isCall(request)) return handle(request, response, path);
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
        response.once("close", () => {
          running -= 1;
          if (running > 0) return;
          settled?.();
          release?.callsEnded();
        });
        return handle(request, response, path);
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
