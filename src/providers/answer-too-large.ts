// The error of a provider answer larger than this program keeps: the text of one answer past its cap
// (`defaults.maxAnswerBytes`, stopped as it streams), or a response body past the provider fetch's
// limit (stopped as it arrives). Either way the memory a runaway or hostile endpoint can take is bounded,
// and the model's opinion becomes an error saying so; it is not retried, since it would answer the same.

/** An answer or a response body larger than `limitBytes`. */
export class AnswerTooLargeError extends Error {
  readonly limitBytes: number;
  /** What was over the limit: the answer's text, or the HTTP response body. */
  readonly part: "text" | "body";

  constructor(limitBytes: number, part: "text" | "body") {
    super(`The ${part === "text" ? "answer" : "response body"} is larger than ${sizeOf(limitBytes)}.`);
    this.name = "AnswerTooLargeError";
    this.limitBytes = limitBytes;
    this.part = part;
  }
}

/** The AnswerTooLargeError in `error` or its causes, if any (the AI SDK wraps what a body read throws). */
export function answerTooLargeIn(error: unknown): AnswerTooLargeError | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (current instanceof AnswerTooLargeError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** `bytes` for a person: "1 MiB", "512 KiB", "1.5 MiB". */
export function sizeOf(bytes: number): string {
  const [value, unit] = bytes >= 1024 * 1024 ? [bytes / 1024 / 1024, "MiB"] : [bytes / 1024, "KiB"];
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${unit}`;
}
