// The open conversation, which the address names (see conversation-route.ts): a reload keeps it, back
// and forward move between conversations, and an address of a conversation not the user's says so. Its
// turns are read from the history, the late opinions of its answers followed as they land.

import { type Dispatch, type RefObject, type SetStateAction, useEffect, useRef, useState } from "react";
import { ApiError, api } from "../api.ts";
import { addressOf, conversationInAddress } from "../conversation-route.ts";
import { describeError } from "./describe-error.ts";
import { type Turn, turnsOfHistory } from "./turn.ts";
import { useLateOpinionFollowing } from "./use-late-opinion-following.ts";

/** The open conversation and how to move between conversations. */
export interface OpenConversation {
  /** Undefined for a new question. */
  conversationId: string | undefined;
  setConversationId(id: string | undefined): void;
  turns: Turn[];
  setTurns: Dispatch<SetStateAction<Turn[]>>;
  /** Follows the late opinions of the answer `messageId`. */
  follow(messageId: string): void;
  /** Shows a new question: no conversation, nothing following. */
  clear(): void;
  /** Opens conversation `id` (a new question when undefined) through the address, so back returns. */
  navigate(id: string | undefined): void;
}

const notYours =
  "This address names a conversation that is not among yours: it was deleted, or the link is someone else's. Pick one from the list, or ask a new question.";

/**
 * The conversation the address names; `route` is kept current to show it, on each change of the
 * address. `clearRows` empties the progress shown, as another conversation or a new question is shown.
 */
export function useConversation(
  route: RefObject<() => void>,
  setError: (message: string) => void,
  clearRows: () => void,
): OpenConversation {
  const [conversationId, setConversationId] = useState<string | undefined>();
  const [turns, setTurns] = useState<Turn[]>([]);
  const { follow, stopFollowing } = useLateOpinionFollowing(setTurns, setError);
  /** The conversation asked for last: an older one that loads after it is not shown. */
  const opening = useRef<string | undefined>(undefined);

  useEffect(() => {
    const onChange = () => route.current();
    window.addEventListener("hashchange", onChange);
    return () => window.removeEventListener("hashchange", onChange);
  }, [route]);

  const clear = () => {
    opening.current = undefined;
    stopFollowing();
    setConversationId(undefined);
    setTurns([]);
    clearRows();
  };

  const open = async (id: string) => {
    setError("");
    stopFollowing();
    opening.current = id;
    try {
      const loaded = turnsOfHistory((await api.history(id)).history.messages);
      if (opening.current !== id) return;
      setConversationId(id);
      setTurns(loaded);
      clearRows();
      for (const turn of loaded) {
        if (turn.messageId && (turn.result?.pendingModels ?? []).length > 0) follow(turn.messageId);
      }
    } catch (failure) {
      if (opening.current !== id) return;
      const unknown = ["conversation_not_found", "invalid_argument"];
      if (failure instanceof ApiError && unknown.includes(failure.code)) {
        clear();
        setError(notYours);
      } else setError(describeError(failure));
    }
  };

  // Shows what the address names; kept current so the hashchange listener calls the latest.
  route.current = () => {
    const id = conversationInAddress();
    if (id) void open(id);
    else {
      setError("");
      clear();
    }
  };

  const navigate = (id: string | undefined) => {
    if (conversationInAddress() === id) route.current();
    else window.location.hash = addressOf(id);
  };

  return { conversationId, setConversationId, turns, setTurns, follow, clear, navigate };
}
