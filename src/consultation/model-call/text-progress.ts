// Turns a streamed answer into `model-text` progress events: the text added since the last event,
// at most one event per interval per model, and the rest when the answer is complete. Progress
// notifications then carry answers as they form without one message per token. The text is scrubbed
// of configured secrets like every stored answer, and a tail that may be the start of a secret waits
// for the next piece, so a key echoed by a provider never leaves in parts.
// The work per piece is constant, whatever the answer's length and shape: only the pieces are read
// (sdk-request.ts never hands on the text so far), a piece's characters once as it comes and once more
// when the event carrying them is made, and a request's last 64 characters besides.

import type { ConsultationEvent } from "../../contract/progress-events.ts";
import { scrub } from "../../contract/scrub.ts";
import type { AnswerListener } from "./sdk-request.ts";

const intervalMs = 100;

/** How much of the text followed is compared with another request's: enough to see a rewrite. */
const overlap = 64;

/** What a streaming call reports into (see AnswerListener), and the flush for its end. */
export interface TextProgress extends AnswerListener {
  /** Sends what is left; call when the answer is complete. */
  flush(): void;
}

/** Where the part of `text` that cannot end inside a secret ends. */
export function safeEnd(text: string, secrets: readonly string[]): number {
  let end = text.length;
  for (const secret of secrets) {
    for (let length = Math.min(secret.length - 1, text.length); length > 0; length--) {
      if (text.length - length < end && text.endsWith(secret.slice(0, length))) {
        end = text.length - length;
        break;
      }
    }
  }
  return end;
}

/** The last `overlap` characters of `earlier` followed by `piece`, made from the piece alone when it can. */
const lastOf = (earlier: string, piece: string) =>
  piece.length >= overlap ? piece.slice(-overlap) : (earlier + piece).slice(-overlap);

/**
 * Progress for one model's answer at one stage; `field` names the text in a structured answer. A call
 * may send several requests for the answer (retries, a hedged pair): the text followed is the first
 * one's, then that of any request whose text goes on from it; a request that rewrote it is left out.
 */
export function textProgress(
  model: string,
  stage: "opinion" | "revision" | "synthesis",
  onEvent: (event: ConsultationEvent) => void,
  secrets: readonly string[],
  field?: string,
): TextProgress {
  /** Characters of the followed text taken so far: sent, or waiting in `pending`. */
  let taken = 0;
  /** Taken but not sent: what came since the last event, and a tail that may start a secret. */
  let pending = "";
  /** The last `overlap` characters taken. */
  let recent = "";
  /** The request whose pieces are followed (a structured answer's partial objects need none). */
  let leader: object | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const send = (complete: boolean) => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const end = complete ? pending.length : safeEnd(pending, secrets);
    if (end === 0) return;
    // No secret runs across what was sent before (safeEnd held it back), so `pending` is scrubbed alone.
    const delta = scrub(pending.slice(0, end), secrets);
    pending = pending.slice(end);
    if (delta.length > 0) onEvent({ type: "model-text", model, stage, delta });
  };
  const take = (addition: string) => {
    if (addition.length === 0) return;
    pending += addition;
    taken += addition.length;
    recent = lastOf(recent, addition);
    timer ??= setTimeout(() => send(false), intervalMs);
  };
  /**
   * What goes on from the text taken, in `seen` (characters `from` onward of a request's text, reaching
   * past `taken`); undefined when the request rewrote what was taken.
   */
  const beyond = (seen: string, from: number): string | undefined => {
    const start = taken - recent.length - from;
    return start >= 0 && seen.slice(start, start + recent.length) === recent
      ? seen.slice(taken - from)
      : undefined;
  };
  return {
    opened() {
      const request = {};
      /** The request's characters so far, and its last `overlap` of them. */
      let length = 0;
      let tail = "";
      let rewrote = false;
      return (piece) => {
        const before = length;
        length += piece.length;
        if (leader === request) take(piece);
        else if (!rewrote && before <= taken && length > taken) {
          // The request reaches past the text taken with this piece: it is followed if it goes on from it.
          const addition = beyond(tail + piece, before - tail.length);
          if (addition === undefined) rewrote = true;
          else {
            leader = request;
            take(addition);
          }
        }
        tail = lastOf(tail, piece);
      };
    },
    partialObject(object) {
      // A partial object's field is rewritten now and then while its JSON is repaired: such a text is
      // skipped until it goes on from the text taken again.
      const text = field === undefined ? undefined : (object as Record<string, unknown> | undefined)?.[field];
      if (typeof text !== "string" || text.length <= taken) return;
      const addition = beyond(text, 0);
      if (addition !== undefined) take(addition);
    },
    flush: () => send(true),
  };
}
