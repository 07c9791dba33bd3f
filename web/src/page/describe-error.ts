// An error as the page says it: the server's own words, with when to retry after a rate limit.

import { ApiError } from "../api.ts";

/** The message to show for `error`. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) {
    const retry =
      typeof error.details.retryAt === "string"
        ? ` (retry after ${new Date(error.details.retryAt).toLocaleTimeString()})`
        : "";
    return `${error.message}${retry}`;
  }
  return (error as Error).message;
}
