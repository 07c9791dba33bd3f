// The models still running after their calls' answers, across the application. Each call is counted
// from its start until its turn settles (or it fails before an answer). At shutdown they get until a
// deadline to land; then they are stopped, each stored as stopped in its place, rather than lost with
// the process and left "still answering" in history forever. Deleting a conversation stops its late
// models on every node (announced on the store's broadcast), so nobody pays for an answer with no place.

import type { Broadcast } from "../store/broadcast.ts";

/** The broadcast channel on which a deleted conversation is announced, so every node stops its late models. */
const deletedChannel = "ai_universe_conversation_deleted";

/** The application's late models, and the way to let them finish at shutdown. */
export interface LateWork {
  /**
   * One call, counted until `settles` is given the promise of its turn's settling (nothing: the call
   * ended without an answer); `lateSignal`, the caller's own joined, stops its late models when `finish`
   * or a deleted conversation stops them.
   */
  track(lateSignal: AbortSignal | undefined): {
    lateSignal: AbortSignal;
    settles(settled?: Promise<unknown>): void;
    /** Names the conversation the call's turn went to: deleting it stops the call's late models. */
    belongsTo(owner: string, conversationId: string): void;
  };
  /** Stops the late models of the owner's conversation, on every node sharing the store. */
  stopConversation(owner: string, conversationId: string): Promise<void>;
  /**
   * Waits up to `waitMs` for every call's late models to land, then stops the rest and waits for them
   * to be stored. Resolves with how many calls had models stopped.
   */
  finish(waitMs: number): Promise<number>;
}

/** How long stopped models get to be stored. */
const storeMs = 10_000;

/** The late work of this process; `broadcast` carries deleted conversations to and from the other nodes. */
export function createLateWork(broadcast: Pick<Broadcast, "publish" | "subscribe">): LateWork {
  const stop = new AbortController();
  const conversations = conversationStops(broadcast);
  let running = 0;
  let changed = () => {};
  const settle = () => {
    running -= 1;
    changed();
  };
  /** Resolves when no call runs, or after `ms`. */
  const idle = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      changed = () => {
        if (running > 0) return;
        clearTimeout(timer);
        resolve();
      };
      changed();
    });
  return {
    track(lateSignal) {
      running += 1;
      let done = false;
      const call = new AbortController();
      let forget = () => {};
      const once = () => {
        if (done) return;
        done = true;
        forget();
        settle();
      };
      return {
        lateSignal: AbortSignal.any([stop.signal, call.signal, ...(lateSignal ? [lateSignal] : [])]),
        settles: (settled = Promise.resolve()) => void settled.then(once, once),
        belongsTo(owner, conversationId) {
          if (done) return;
          forget = conversations.add(owner, conversationId, call);
        },
      };
    },
    stopConversation: (owner, conversationId) => conversations.stop(owner, conversationId),
    async finish(waitMs) {
      await idle(waitMs);
      const stopped = running;
      if (stopped === 0) return 0;
      stop.abort();
      await idle(storeMs);
      return stopped;
    },
  };
}

/**
 * The late models' stops of each conversation (by owner and id) with calls still running: `add` files
 * a call's stop (and returns how to take it out again), `stop` stops a conversation's calls here and,
 * through `broadcast`, on every other node.
 */
function conversationStops(broadcast: Pick<Broadcast, "publish" | "subscribe">) {
  const byConversation = new Map<string, Set<AbortController>>();
  const keyOf = (owner: string, conversationId: string) => JSON.stringify([owner, conversationId]);
  let listening = false;
  const stopLocally = (key: string) => {
    for (const call of byConversation.get(key) ?? []) call.abort();
    byConversation.delete(key);
  };
  return {
    add(owner: string, conversationId: string, call: AbortController): () => void {
      const key = keyOf(owner, conversationId);
      byConversation.set(key, (byConversation.get(key) ?? new Set()).add(call));
      if (!listening) {
        listening = true;
        broadcast
          .subscribe(deletedChannel, (payload) => stopLocally(payload))
          .catch(() => {
            listening = false;
          });
      }
      return () => {
        byConversation.get(key)?.delete(call);
        if (byConversation.get(key)?.size === 0) byConversation.delete(key);
      };
    },
    async stop(owner: string, conversationId: string): Promise<void> {
      const key = keyOf(owner, conversationId);
      stopLocally(key);
      await broadcast.publish(deletedChannel, key);
    },
  };
}
