// One model call with a deadline and retries. Never throws for a provider failure: the failure
// becomes an opinion with `error: true`. Throws only when the caller cancelled. A call may stream
// (for progress) and may ask for a structured answer checked against a zod schema.

import type { z } from "zod";
import { defaultMaxAnswerBytes } from "../../configuration/configuration.ts";
import type { ModelOpinion } from "../../contract/opinions.ts";
import { scrub } from "../../contract/scrub.ts";
import { ServiceError } from "../../contract/service-error.ts";
import { describeUnknownModel } from "../../providers/model-availability.ts";
import { type ModelEntry, outputCapOf } from "../../providers/model-entry.ts";
import { isModelNotFound } from "../../providers/model-not-found.ts";
import { citationsFromSources } from "./citations.ts";
import { describeFailure } from "./describe-failure.ts";
import { isRetryable, retryDelayMs } from "./retry-policy.ts";
import { type SdkRequest, sendSdkRequest } from "./sdk-request.ts";
import { usageFields } from "./usage-cost.ts";

/** What to ask one model: its entry, and the request as sent, without the answer's caps and schema. */
export interface ModelRequest
  extends Pick<SdkRequest, "model" | "instructions" | "messages" | "streamTo" | "settings"> {
  entry: ModelEntry;
}

/** Limits and collaborators of a call. */
export interface CallPolicy {
  deadlineMs: number;
  maxRetries: number;
  /** Aborted when the caller cancels: the call stops at once. */
  signal: AbortSignal;
  secrets: readonly string[];
  now: () => number;
  /** Told before each retry: which attempt failed, how long the wait is, and why. */
  onRetry?: (retry: { attempt: number; delayMs: number; reason: string }) => void;
  /** The model ids the key of a model can use, asked when the vendor says the model is unknown. */
  usableModels?: ((entry: ModelEntry) => Promise<readonly string[] | undefined>) | undefined;
  /** Most UTF-8 bytes of text one answer may have; a longer one is a failed opinion. Default 1 MiB. */
  maxAnswerBytes?: number;
}

/** The policy of every call of one request: the configured deadline and retries, the caller's signal. */
export function callPolicy(
  services: {
    defaults: { modelDeadlineMs: number; maxRetries: number; maxAnswerBytes?: number };
    secrets: readonly string[];
    now: () => number;
    usableModels?: CallPolicy["usableModels"];
  },
  signal: AbortSignal,
  deadlineMs = services.defaults.modelDeadlineMs,
): CallPolicy {
  return {
    deadlineMs,
    maxRetries: services.defaults.maxRetries,
    maxAnswerBytes: services.defaults.maxAnswerBytes ?? defaultMaxAnswerBytes,
    signal,
    secrets: services.secrets,
    now: services.now,
    ...(services.usableModels ? { usableModels: services.usableModels } : {}),
  };
}

/** Calls the model, retrying transient failures while the deadline allows. */
export async function callModel(request: ModelRequest, policy: CallPolicy): Promise<ModelOpinion> {
  return (await callWithDeadline(request, undefined, policy)).opinion;
}

/**
 * Calls the model for a structured answer matching `schema`. An answer that does not match is a
 * failed opinion (not retried), and `object` is then undefined.
 */
export async function callModelForObject<Schema extends z.ZodType>(
  request: ModelRequest,
  schema: Schema,
  policy: CallPolicy,
): Promise<{ opinion: ModelOpinion; object?: z.infer<Schema> }> {
  const { opinion, object } = await callWithDeadline(request, schema, policy);
  return opinion.error ? { opinion } : { opinion, object: object as z.infer<Schema> };
}

async function callWithDeadline(
  request: ModelRequest,
  schema: z.ZodType | undefined,
  policy: CallPolicy,
): Promise<{ opinion: ModelOpinion; object?: unknown }> {
  // One plain signal for the call, aborted by the deadline's timer or by the caller's signal, both let
  // go as soon as the call ends. AbortSignal.timeout would stay armed for the whole deadline, and a
  // signal made by AbortSignal.any makes every listener the provider request adds to it dearer.
  const call = new AbortController();
  const timer = setTimeout(() => call.abort(new Error("deadline")), policy.deadlineMs);
  const cancel = () => call.abort(policy.signal.reason);
  if (policy.signal.aborted) cancel();
  else policy.signal.addEventListener("abort", cancel, { once: true });
  try {
    return await attemptModel(request, schema, policy, call.signal);
  } finally {
    clearTimeout(timer);
    policy.signal.removeEventListener("abort", cancel);
  }
}

async function attemptModel(
  request: ModelRequest,
  schema: z.ZodType | undefined,
  policy: CallPolicy,
  signal: AbortSignal,
): Promise<{ opinion: ModelOpinion; object?: unknown }> {
  const { entry } = request;
  const started = policy.now();
  const identity = { model: entry.name, modelId: entry.modelId, modelDisplayName: entry.displayName };
  let attempts = 0;
  for (;;) {
    attempts += 1;
    try {
      const result = await sendSdkRequest(
        {
          model: request.model,
          instructions: request.instructions,
          messages: request.messages,
          maxOutputTokens: outputCapOf(entry),
          maxAnswerBytes: policy.maxAnswerBytes ?? defaultMaxAnswerBytes,
          ...(schema ? { schema } : {}),
          ...(request.streamTo ? { streamTo: request.streamTo } : {}),
          ...(request.settings ? { settings: request.settings } : {}),
        },
        signal,
      );
      const opinion: ModelOpinion = {
        ...identity,
        response: scrub(result.text, policy.secrets),
        ...usageFields(entry, result.usage, result.text, result.webSearches),
        latencyMs: elapsed(policy.now, started),
        citations: citationsFromSources(result.sources),
        attempts,
      };
      return { opinion, object: result.object };
    } catch (error) {
      if (policy.signal.aborted) throw cancelled();
      // Not cancelled by the caller, so an aborted signal is the deadline's.
      const timedOut = signal.aborted;
      const remaining = policy.deadlineMs - (policy.now() - started);
      const wait = retryDelayMs(error, attempts);
      const retry = !timedOut && isRetryable(error) && attempts <= policy.maxRetries && wait < remaining;
      const failure = describeFailure(entry, error, {
        timedOut,
        deadlineMs: policy.deadlineMs,
        attempts,
        secrets: policy.secrets,
      });
      if (retry) policy.onRetry?.({ attempt: attempts, delayMs: Math.round(wait), reason: failure.message });
      if (retry && (await sleep(wait, signal))) continue;
      if (policy.signal.aborted) throw cancelled();
      const spent = (error as { usage?: Parameters<typeof usageFields>[1]; text?: string }).usage;
      const missing = isModelNotFound(error);
      const response = missing
        ? scrub(describeUnknownModel(entry, await usableModelsOf(entry, policy), error), policy.secrets)
        : failure.message;
      return {
        opinion: {
          ...identity,
          response,
          ...(missing ? { errorCode: "model_not_found" } : {}),
          ...(spent ? usageFields(entry, spent, "") : {}),
          latencyMs: elapsed(policy.now, started),
          citations: [],
          error: true,
          ...(failure.status !== undefined ? { errorStatus: failure.status } : {}),
          retryable: failure.retryable,
          attempts,
        },
      };
    }
  }
}

/** What the key of `entry` can use, or undefined when that cannot be had (never throws). */
async function usableModelsOf(entry: ModelEntry, policy: CallPolicy): Promise<readonly string[] | undefined> {
  return policy.usableModels ? await policy.usableModels(entry).catch(() => undefined) : undefined;
}

function elapsed(now: () => number, started: number): number {
  return Math.max(0, Math.round(now() - started));
}

function cancelled(): ServiceError {
  return new ServiceError("cancelled", "The consultation was cancelled by the client.");
}

/** Waits `milliseconds`; resolves false early when `signal` aborts. */
function sleep(milliseconds: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve(true);
    }, milliseconds);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
