// Keeps configured secrets out of what leaves the process: error messages, stored answers and the
// operator's log. Small and dependency-free, so the log can use it without loading the AI SDK.

/** Replaces every occurrence of each of `secrets` in `text` with a marker. */
export function scrub(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) {
    // Most texts hold no secret: looking costs no allocation, splitting would.
    if (secret !== "" && result.includes(secret)) result = result.split(secret).join("[redacted]");
  }
  return result;
}
