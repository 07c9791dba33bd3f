// Following an answer's late opinions on a server (`ask --server`): its /api/answers/{id}/late-opinions
// stream of server-sent events, read with the same key as the MCP calls. The server's errors come back
// as the ServiceError they were there.

import { streamEvents } from "../contract/event-stream.ts";
import type { SecondOpinion } from "../contract/opinions.ts";
import { errorCodeOf, ServiceError } from "../contract/service-error.ts";

/** How a follow reports and is stopped. */
export interface FollowOptions {
  signal: AbortSignal;
  /** Told of the stored turn at once, and each time a late opinion joins it. */
  onTurn(turn: SecondOpinion): void;
}

/** Follows the answer `messageId` at the server `base`; resolves with the models that will not land. */
export async function followRemoteLateOpinions(
  base: string,
  headers: Record<string, string>,
  messageId: string,
  options: FollowOptions,
): Promise<string[]> {
  const response = await fetch(`${base}/api/answers/${encodeURIComponent(messageId)}/late-opinions`, {
    headers: { ...headers, accept: "text/event-stream" },
    signal: options.signal,
  });
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => ({}))) as { error?: { code?: string; message?: string } };
    throw serverError(body.error, `The server at ${base} answered HTTP ${response.status}.`);
  }
  for await (const { event, payload } of streamEvents(response.body)) {
    const data = payload as Record<string, unknown>;
    if (event === "turn") options.onTurn(payload as SecondOpinion);
    else if (event === "end") return (data.unlanded as string[] | undefined) ?? [];
    else if (event === "error") throw serverError(data, "The server stopped following the answer.");
  }
  throw new ServiceError("internal_error", `The connection to ${base} closed before every opinion came.`);
}

function serverError(
  error: { code?: unknown; message?: unknown } | undefined,
  fallback: string,
): ServiceError {
  return new ServiceError(
    errorCodeOf(error?.code),
    typeof error?.message === "string" ? error.message : fallback,
  );
}
