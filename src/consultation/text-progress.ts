// Turns a streamed answer into `model-text` progress events: the text added since the last event,
// at most one event per interval per model, and the rest when the answer is complete. Progress
// notifications then carry answers as they form without one message per token.

import type { ConsultationEvent } from "./opinion.ts";

const intervalMs = 100;

/** What a streaming call reports into, and the flush for its end. */
export interface TextProgress {
  /** Pass to the call: the answer so far (text, or a partial object whose `field` is the text). */
  onPartial(partial: { text?: string; object?: unknown }): void;
  /** Sends what is left; call when the answer is complete. */
  flush(): void;
}

/** Progress for one model's answer at one stage; `field` names the text in a structured answer. */
export function textProgress(
  model: string,
  stage: "opinion" | "revision" | "synthesis",
  onEvent: (event: ConsultationEvent) => void,
  field?: string,
): TextProgress {
  let latest = "";
  let sent = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (latest.length <= sent) return;
    onEvent({ type: "model-text", model, stage, delta: latest.slice(sent) });
    sent = latest.length;
  };
  return {
    onPartial(partial) {
      const text =
        field === undefined ? partial.text : (partial.object as Record<string, unknown> | undefined)?.[field];
      if (typeof text !== "string" || !text.startsWith(latest.slice(0, sent))) return;
      latest = text;
      timer ??= setTimeout(flush, intervalMs);
    },
    flush,
  };
}
