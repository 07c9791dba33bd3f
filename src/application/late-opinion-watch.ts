// Following one answer until every model still running when it was given has landed: the stored turn
// at once, then again each time a late opinion joins it. The node running the call writes each late
// opinion and announces it on the store's broadcast (PostgreSQL NOTIFY between nodes), so the turn can
// be followed from any node; a slow re-read covers an announcement lost while a listener reconnects.
// A model that can no longer land (its call's deadline long past: the process running it stopped) ends
// the watch too. Not counted against the caller's tier: the consultation was.

import type { ConsultationDefaults } from "../configuration/configuration.ts";
import { lateOpinionsInput } from "../contract/inputs.ts";
import type { SecondOpinion } from "../contract/opinions.ts";
import { ServiceError } from "../contract/service-error.ts";
import { validateInput } from "../contract/validate-input.ts";
import type { Store } from "../store/store.ts";
import type { Caller } from "./caller.ts";
import { lateOpinionChannel } from "./turns/late-opinions.ts";

/** Time allowed past a call's deadline for its opinion to be written. */
const writeGraceMs = 60_000;

/** What the watch reads, and how long a late call may take. */
export interface LateOpinionSources {
  /** The conversations the turn is read from, and the broadcast its late opinions are announced on. */
  store: Pick<Store, "conversations" | "broadcast">;
  defaults: Pick<ConsultationDefaults, "modelDeadlineMs" | "requestDeadlineMs">;
  /** Wall clock in milliseconds (Date.now). */
  now?: () => number;
  /** How often the turn is read again without an announcement. */
  rereadMs?: number;
}

/** How a watch reports and is stopped. */
export interface LateOpinionWatch {
  /** Stops the watch (the caller left). */
  signal: AbortSignal;
  /** Told of the stored turn at once, and after each change. */
  onTurn(turn: SecondOpinion): void;
}

/**
 * Follows the caller's answer `input.messageId` (see lateOpinionsInput). Resolves when no model is
 * pending, with the models that will never land (empty when every one did), or when `signal` aborts.
 * Throws conversation_not_found for an answer the caller does not have.
 */
export async function watchLateOpinions(
  sources: LateOpinionSources,
  caller: Caller,
  input: unknown,
  options: LateOpinionWatch,
): Promise<string[]> {
  const { messageId } = validateInput(lateOpinionsInput, input);
  const { store, defaults, now = Date.now, rereadMs = 15_000 } = sources;
  const { signal } = options;
  let announced = true;
  let wake = () => {};
  const unsubscribe = await store.broadcast.subscribe(lateOpinionChannel, (payload) => {
    if (payload !== messageId) return;
    announced = true;
    wake();
  });
  const stop = () => wake();
  signal.addEventListener("abort", stop, { once: true });
  try {
    let shown = "";
    for (;;) {
      announced = false;
      const [message] = await store.conversations.of(caller.userId).getMessages([messageId]);
      const turn = message?.metadata.secondOpinion as SecondOpinion | undefined;
      if (!message || !turn) {
        throw new ServiceError(
          "conversation_not_found",
          `No answer ${messageId} in your conversations: use the assistantMessageId of a consultation's result.`,
        );
      }
      // A turn changes only as opinions land, each moving its pending models and totals: comparing those
      // spares writing out megabytes of answers to find that nothing changed.
      const state = JSON.stringify([turn.pendingModels, turn.summary]);
      if (state !== shown) {
        shown = state;
        options.onTurn(turn);
      }
      const pending = turn.pendingModels ?? [];
      const callMs = Math.min(defaults.modelDeadlineMs, defaults.requestDeadlineMs);
      const left = Date.parse(message.createdAt) + callMs + writeGraceMs - now();
      if (pending.length === 0 || left <= 0 || signal.aborted) return pending;
      if (announced) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, rereadMs));
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  } finally {
    signal.removeEventListener("abort", stop);
    unsubscribe();
  }
}
