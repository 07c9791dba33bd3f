// The simulator's log of provider requests, with event-driven waiting for a condition on it.

import type { Attachment } from "./attachments.ts";
import type { ProtocolName } from "./protocol.ts";

/** One provider request the simulator received; updated in place when its response ends. */
export interface RecordedRequest {
  /** First path segment, e.g. "openai", "anthropic", "google", "xai", "cerebras", "perplexity", "openrouter", "ollama". */
  provider: string;
  protocol: ProtocolName;
  /** Path and query of the request, e.g. "/openai/v1/responses" (an addition to the agreed shape). */
  path: string;
  model: string;
  stream: boolean;
  /** The request asked for JSON output (a schema, JSON mode, or Anthropic's forced `json` tool). */
  structured: boolean;
  /** The request asked for the vendor's own web search (always true for Perplexity, which always searches). */
  search: boolean;
  /** The request enabled reasoning. */
  reasoning: boolean;
  /** The images and documents the request carried; `bytes` is the decoded size (0 for a file sent by URL). */
  attachments: Attachment[];
  /** Parsed JSON request body. */
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
  /** performance.now() when the request arrived. */
  startedAt: number;
  /** performance.now() when the response ended or the connection closed. */
  finishedAt?: number;
  /** The client closed the connection before the response finished. */
  aborted: boolean;
}

/** A live request log: `requests` is one array that is cleared in place, never replaced. */
export interface RequestLog {
  requests: RecordedRequest[];
  record(request: RecordedRequest): void;
  /** Call after mutating a recorded request, so waiters re-check their predicates. */
  changed(): void;
  clear(): void;
  waitFor(predicate: (requests: RecordedRequest[]) => boolean, timeoutMs: number): Promise<void>;
}

/** Creates an empty request log. */
export function createRequestLog(): RequestLog {
  const requests: RecordedRequest[] = [];
  const waiters = new Set<() => void>();
  const changed = () => {
    for (const waiter of [...waiters]) waiter();
  };

  return {
    requests,
    record(request) {
      requests.push(request);
      changed();
    },
    changed,
    clear() {
      requests.length = 0;
      changed();
    },
    waitFor(predicate, timeoutMs) {
      return new Promise((resolve, reject) => {
        const settle = (error?: unknown) => {
          clearTimeout(timer);
          waiters.delete(check);
          if (error === undefined) resolve();
          else reject(error);
        };
        const check = () => {
          try {
            if (predicate(requests)) settle();
          } catch (error) {
            settle(error);
          }
        };
        const timer = setTimeout(() => {
          const summary = requests.map((request) => `${request.provider}/${request.model}`).join(", ");
          settle(new Error(`waitForRequests timed out after ${timeoutMs} ms; log: [${summary}]`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}
