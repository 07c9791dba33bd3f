// Following the late opinions of the answers shown: each lands in its turn as it comes, until every one
// has (or never will); following stops when another conversation is shown or the page goes.

import { type Dispatch, type SetStateAction, useCallback, useEffect, useRef } from "react";
import { followLateOpinions } from "../api.ts";
import { describeError } from "./describe-error.ts";
import type { Turn } from "./turn.ts";

/** `follow(messageId)` starts following an answer; `stopFollowing()` stops following every one. */
export interface LateOpinionFollowing {
  follow(messageId: string): void;
  stopFollowing(): void;
}

/** Follows into `setTurns`; a failure is told to `setError`. */
export function useLateOpinionFollowing(
  setTurns: Dispatch<SetStateAction<Turn[]>>,
  setError: (message: string) => void,
): LateOpinionFollowing {
  const following = useRef(new Set<AbortController>());

  /** Fills in the answer `messageId`'s late opinions as they land, until all have (or never will). */
  const follow = useCallback(
    (messageId: string) => {
      const controller = new AbortController();
      following.current.add(controller);
      const update = (change: (turn: Turn) => Turn) =>
        setTurns((previous) => previous.map((turn) => (turn.messageId === messageId ? change(turn) : turn)));
      followLateOpinions(messageId, (result) => update((turn) => ({ ...turn, result })), controller.signal)
        .then((unlanded) => {
          if (unlanded.length > 0) update((turn) => ({ ...turn, unlanded }));
        })
        .catch((failure) => {
          if (!controller.signal.aborted)
            setError(
              `The opinions still coming cannot be shown: ${describeError(failure)} Reload to see them.`,
            );
        })
        .finally(() => following.current.delete(controller));
    },
    [setTurns, setError],
  );

  /** Stops following late opinions (another conversation is shown). */
  const stopFollowing = useCallback(() => {
    for (const controller of following.current) controller.abort();
    following.current.clear();
  }, []);

  useEffect(() => stopFollowing, [stopFollowing]);

  return { follow, stopFollowing };
}
