// Recognises a provider call that failed because the key cannot use the model asked for, whatever
// the vendor calls it: OpenAI and Cerebras `model_not_found`, Anthropic `not_found_error`, Google
// `NOT_FOUND`, xAI's and Ollama's 404s, OpenRouter's "is not a valid model ID" and Perplexity's
// `invalid_model` (both 400s).

import { APICallError } from "@ai-sdk/provider";

/** How deep wrapped errors (`RetryError.lastError`, `cause`) are searched for the provider's error. */
const maxDepth = 5;

/**
 * Whether `error` (an AI SDK `APICallError`, or an error wrapping one such as a `RetryError`) says the
 * model does not exist for this key: a 404 whose body speaks of the model (a 404 for a wrong base URL
 * does not count), or a vendor's own model-not-found code in any status.
 */
export function isModelNotFound(error: unknown): boolean {
  const call = findApiCallError(error);
  if (!call) return false;
  const body = call.responseBody ?? "";
  if (/"(model_not_found|invalid_model)"|is not a valid model ID/.test(body)) return true;
  if (call.statusCode !== 404) return false;
  const model = requestedModel(call);
  return body.trim() === "" || /\bmodels?\b/i.test(body) || (model !== undefined && body.includes(model));
}

/**
 * The HTTP status and the vendor's own error code of the provider error in `error`, e.g.
 * `404 not_found_error`; undefined when `error` holds no provider error.
 */
export function providerFailureCode(error: unknown): string | undefined {
  const call = findApiCallError(error);
  if (!call) return undefined;
  const code = vendorCode(call.responseBody);
  return [call.statusCode, code].filter((part) => part !== undefined).join(" ") || undefined;
}

/** The provider's error in `error` or in what it wraps. */
export function findApiCallError(error: unknown, depth = 0): APICallError | undefined {
  if (APICallError.isInstance(error)) return error;
  if (depth >= maxDepth || typeof error !== "object" || error === null) return undefined;
  const wrapper = error as { lastError?: unknown; cause?: unknown };
  return findApiCallError(wrapper.lastError, depth + 1) ?? findApiCallError(wrapper.cause, depth + 1);
}

/** The model id a failed call asked for: in the request body, or in Google's URL (`models/<id>:`). */
function requestedModel(call: APICallError): string | undefined {
  const values = call.requestBodyValues as { model?: unknown } | undefined;
  if (typeof values?.model === "string") return values.model;
  return /\/models\/([^/:?]+)/.exec(call.url)?.[1];
}

/** A one-word code from the vendor's error body: `error.code`, `error.status`, `code` or `error.type`. */
function vendorCode(responseBody: string | undefined): string | undefined {
  let body: Record<string, unknown> | undefined;
  try {
    body = JSON.parse(responseBody ?? "") as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const nested = (typeof body?.error === "object" && body.error !== null ? body.error : {}) as Record<
    string,
    unknown
  >;
  const candidates = [nested.code, nested.status, body?.code, nested.type, body?.type];
  return candidates.find(
    (candidate): candidate is string =>
      typeof candidate === "string" && /^[A-Za-z_]+$/.test(candidate) && candidate !== "error",
  );
}
