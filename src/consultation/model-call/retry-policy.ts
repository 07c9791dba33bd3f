// When to retry a failed model call and how long to wait: exponential backoff with jitter,
// honouring the provider's Retry-After, and never past the call's deadline.

import { APICallError } from "ai";

/** Whether an error is worth another attempt: 408, 409, 429, 5xx, or a network failure. */
export function isRetryable(error: unknown): boolean {
  if (APICallError.isInstance(error)) return error.isRetryable;
  const code = (error as { cause?: { code?: string } })?.cause?.code;
  return (
    error instanceof TypeError &&
    (code === undefined ||
      ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "UND_ERR_SOCKET"].includes(code))
  );
}

/** Milliseconds the provider asked us to wait (Retry-After seconds or date, retry-after-ms), if any. */
export function retryAfterMs(error: unknown, now = Date.now()): number | undefined {
  if (!APICallError.isInstance(error) || !error.responseHeaders) return undefined;
  const headers = Object.fromEntries(
    Object.entries(error.responseHeaders).map(([name, value]) => [name.toLowerCase(), value]),
  );
  const milliseconds = Number.parseFloat(headers["retry-after-ms"] ?? "");
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds;
  const value = headers["retry-after"];
  if (value === undefined) return undefined;
  const seconds = Number.parseFloat(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - now) : undefined;
}

/** The wait before attempt `attempt + 1`: backoff from 500 ms doubling to 8 s, or Retry-After when longer. */
export function retryDelayMs(error: unknown, attempt: number, random: () => number = Math.random): number {
  const backoff = Math.min(8000, 500 * 2 ** (attempt - 1));
  const jittered = backoff * (0.8 + 0.4 * random());
  return Math.max(jittered, retryAfterMs(error) ?? 0);
}
