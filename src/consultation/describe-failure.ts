// Turns whatever a provider call threw into a sentence a user can act on: which model, the HTTP
// status, the provider's own message. Configured keys are scrubbed from every message.

import { APICallError, NoObjectGeneratedError } from "ai";
import type { ModelEntry } from "../configuration/model-entry.ts";
import { scrub } from "../errors/scrub.ts";

/** What a failed call tells the user. */
export interface FailureDescription {
  message: string;
  status?: number;
  retryable: boolean;
}

/** Describes a failure of `entry`. `timedOut` is true when the model's deadline ran out. */
export function describeFailure(
  entry: ModelEntry,
  error: unknown,
  options: { timedOut: boolean; deadlineMs: number; attempts: number; secrets: readonly string[] },
): FailureDescription {
  const who = `${entry.displayName} [${entry.name}: ${entry.provider}/${entry.modelId}]`;
  const tries = options.attempts > 1 ? ` after ${options.attempts} attempts` : "";
  if (options.timedOut) {
    return {
      message: `${who} did not answer within its deadline of ${Math.round(options.deadlineMs / 1000)} s${tries}. Raise defaults.modelDeadlineMs or try again later.`,
      retryable: true,
    };
  }
  if (NoObjectGeneratedError.isInstance(error)) {
    const cause = (error.cause as Error | undefined)?.message ?? error.message;
    return {
      message: `${who} did not return the structured answer asked for${tries}: ${scrub(cause, options.secrets).slice(0, 300)}`,
      retryable: false,
    };
  }
  if (APICallError.isInstance(error) && error.statusCode !== undefined && error.statusCode < 300) {
    const detail = scrub(error.message || "unreadable body", options.secrets).slice(0, 300);
    return { message: `${who} returned a malformed response${tries}: ${detail}`, retryable: false };
  }
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    const providerMessage = scrub(error.message || "no message", options.secrets);
    const hint = hintForStatus(status, entry);
    return {
      message: `${who} failed${tries}: HTTP ${status ?? "error"}: ${providerMessage}${hint ? ` (${hint})` : ""}`,
      ...(status !== undefined ? { status } : {}),
      retryable: error.isRetryable,
    };
  }
  const name = (error as Error)?.name ?? "Error";
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const detail = cause?.code ?? cause?.message ?? (error as Error)?.message ?? String(error);
  const kind = /JSON|TypeValidation|InvalidResponse|EmptyResponse/i.test(name)
    ? "returned a malformed response"
    : "could not be reached";
  return {
    message: `${who} ${kind}${tries}: ${scrub(`${name}: ${detail}`, options.secrets).slice(0, 500)}`,
    retryable: kind === "could not be reached",
  };
}

function hintForStatus(status: number | undefined, entry: ModelEntry): string | undefined {
  if (status === 401 || status === 403) return "check the provider's API key";
  if (status === 404) return `check that model id "${entry.modelId}" exists; override it in the config file`;
  if (status === 429) return "rate limited or out of credit at the provider";
  if (status !== undefined && status >= 500) return "the provider had a server error";
  return undefined;
}
