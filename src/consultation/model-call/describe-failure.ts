// Turns whatever a provider call threw into a sentence a user can act on: which model, the HTTP
// status, the provider's own message. Configured keys are scrubbed from every message.

import { APICallError, JSONParseError, NoObjectGeneratedError, TypeValidationError } from "ai";
import { scrub } from "../../contract/scrub.ts";
import { answerTooLargeIn, sizeOf } from "../../providers/answer-too-large.ts";
import type { ModelEntry } from "../../providers/model-entry.ts";

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
  const tooLarge = answerTooLargeIn(error);
  if (tooLarge) {
    const size = sizeOf(tooLarge.limitBytes);
    return {
      message:
        tooLarge.part === "text"
          ? `${who} sent an answer of more than ${size} of text, so it was stopped and dropped. If such long answers are expected, raise defaults.maxAnswerBytes in the config file; otherwise check the model's endpoint.`
          : `${who} sent a response body of more than ${size}, more than any answer needs, so it was stopped and dropped. Check the model's endpoint.`,
      retryable: false,
    };
  }
  if (NoObjectGeneratedError.isInstance(error)) {
    return {
      message: `${who} ${structuredFailure}${tries}: ${whatWasWrong(error)}.`,
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
  if (JSONParseError.isInstance(error) || TypeValidationError.isInstance(error)) {
    // Their messages quote the model's output; say what was wrong instead.
    const wrong = JSONParseError.isInstance(error)
      ? "was not valid JSON"
      : "did not fit the schema asked for";
    return {
      message: `${who} returned a malformed response${tries}: its answer ${wrong}.`,
      retryable: false,
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

const structuredFailure = "did not return the structured answer asked for";

/**
 * What was wrong with the structured answer a failure message of `describeFailure` reports, in words
 * ("its answer was not valid JSON"), or undefined when the message reports some other failure.
 */
export function structuredAnswerProblem(message: string): string | undefined {
  const at = message.indexOf(`${structuredFailure}`);
  if (at < 0) return undefined;
  const words = message.slice(at + structuredFailure.length).replace(/^[^:]*:\s*/, "");
  return words.replace(/\.$/, "") || undefined;
}

/**
 * What was wrong with a structured answer, in words: the model's own output is never quoted (it is
 * long, cut off mid-token, and means nothing to the person reading the note).
 */
function whatWasWrong(error: NoObjectGeneratedError): string {
  if (JSONParseError.isInstance(error.cause)) return "its answer was not valid JSON";
  if (TypeValidationError.isInstance(error.cause))
    return "its answer was JSON but did not fit the schema asked for";
  if (!error.text?.trim()) return "it returned no answer";
  return "its answer could not be read as the schema asked for";
}

function hintForStatus(status: number | undefined, entry: ModelEntry): string | undefined {
  if (status === 401 || status === 403) return "check the provider's API key";
  if (status === 404) return `check that model id "${entry.modelId}" exists; override it in the config file`;
  if (status === 429) return "rate limited or out of credit at the provider";
  if (status !== undefined && status >= 500) return "the provider had a server error";
  return undefined;
}
