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
  /** How much of `latest` has been sent, and how long that part was once scrubbed. */
  let sentRaw = 0;
  let sent = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const send = (complete: boolean) => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const end = complete ? latest.length : safeEnd(latest, secrets);
    const shown = scrub(latest.slice(0, end), secrets);
    if (shown.length <= sent) return;
    onEvent({ type: "model-text", model, stage, delta: shown.slice(sent) });
    sentRaw = end;
    sent = shown.length;
  };
  return {
    onPartial(partial) {
      const text =
        field === undefined ? partial.text : (partial.object as Record<string, unknown> | undefined)?.[field];
      if (typeof text !== "string" || !text.startsWith(latest.slice(0, sentRaw))) return;
      latest = text;
      timer ??= setTimeout(() => send(false), intervalMs);
    },
    flush: () => send(true),
  };
}
