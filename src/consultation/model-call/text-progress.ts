// Turns a streamed answer into `model-text` progress events: the text added since the last event,
// at most one event per interval per model, and the rest when the answer is complete. Progress
// notifications then carry answers as they form without one message per token. The text is scrubbed
// of configured secrets like every stored answer, and a tail that may be the start of a secret waits
// for the next piece, so a key echoed by a provider never leaves in parts.

import type { ConsultationEvent } from "../../contract/progress-events.ts";
import { scrub } from "../../contract/scrub.ts";

const intervalMs = 100;

/** What a streaming call reports into, and the flush for its end. */
export interface TextProgress {
  /** Pass to the call: the answer so far (text, or a partial object whose `field` is the text). */
  onPartial(partial: { text?: string; object?: unknown }): void;
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

/** Progress for one model's answer at one stage; `field` names the text in a structured answer. */
export function textProgress(
  model: string,
  stage: "opinion" | "revision" | "synthesis",
  onEvent: (event: ConsultationEvent) => void,
  secrets: readonly string[],
  field?: string,
): TextProgress {
  let latest = "";
  /** How much of `latest` has been sent. */
  let sentRaw = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const send = (complete: boolean) => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const end = complete ? latest.length : safeEnd(latest, secrets);
    if (end <= sentRaw) return;
    // No secret runs across `sentRaw` (safeEnd held it back), so the new part is scrubbed on its own.
    const delta = scrub(latest.slice(sentRaw, end), secrets);
    sentRaw = end;
    if (delta.length > 0) onEvent({ type: "model-text", model, stage, delta });
  };
  return {
    onPartial(partial) {
      const text =
        field === undefined ? partial.text : (partial.object as Record<string, unknown> | undefined)?.[field];
      if (typeof text !== "string" || !continues(text, latest, sentRaw)) return;
      latest = text;
      timer ??= setTimeout(() => send(false), intervalMs);
    },
    flush: () => send(true),
  };
}

/** How much of the sent text `continues` compares: enough to see a rewrite, in constant time. */
const overlap = 64;

/**
 * Whether `text` goes on from the `sent` characters of `latest` already sent: a partial object's field
 * is rewritten now and then while its JSON is repaired, and such a text is skipped until it is whole.
 */
function continues(text: string, latest: string, sent: number): boolean {
  if (text.length < sent) return false;
  const from = Math.max(0, sent - overlap);
  return text.slice(from, sent) === latest.slice(from, sent);
}
