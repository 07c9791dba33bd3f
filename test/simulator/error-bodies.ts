// Error bodies in each provider's real shape, so the AI SDK providers extract the provider's own message.
// A body in the wrong shape would still fail, but with the HTTP status text instead of the message.

import { STATUS_CODES } from "node:http";
import type { ProtocolName } from "./protocol.ts";

/** The error body a provider sends with an HTTP error status. */
export function errorBody(
  provider: string,
  protocol: ProtocolName,
  status: number,
  message: string,
): unknown {
  if (protocol === "anthropic-messages") {
    return { type: "error", error: { type: anthropicErrorType(status), message } };
  }
  if (protocol === "gemini-generate-content") {
    return { error: { code: status, message, status: googleErrorStatus(status) } };
  }
  switch (provider) {
    case "cerebras":
      return { message, type: openaiErrorType(status), param: "", code: openaiErrorCode(status) };
    case "perplexity":
      return { error: { message, type: openaiErrorType(status), code: status } };
    case "xai":
      return { code: STATUS_CODES[status] ?? "Error", error: message };
    case "openrouter":
      return { error: { code: status, message } };
    default:
      return {
        error: { message, type: openaiErrorType(status), param: null, code: openaiErrorCode(status) },
      };
  }
}

function anthropicErrorType(status: number): string {
  const types: Record<number, string> = {
    400: "invalid_request_error",
    401: "authentication_error",
    402: "billing_error",
    403: "permission_error",
    404: "not_found_error",
    413: "request_too_large",
    429: "rate_limit_error",
    504: "timeout_error",
    529: "overloaded_error",
  };
  return types[status] ?? (status >= 500 ? "api_error" : "invalid_request_error");
}

function googleErrorStatus(status: number): string {
  const statuses: Record<number, string> = {
    400: "INVALID_ARGUMENT",
    401: "UNAUTHENTICATED",
    403: "PERMISSION_DENIED",
    404: "NOT_FOUND",
    429: "RESOURCE_EXHAUSTED",
    499: "CANCELLED",
    503: "UNAVAILABLE",
    504: "DEADLINE_EXCEEDED",
  };
  return statuses[status] ?? (status >= 500 ? "INTERNAL" : "FAILED_PRECONDITION");
}

function openaiErrorType(status: number): string {
  if (status === 429) return "requests";
  return status >= 500 ? "server_error" : "invalid_request_error";
}

function openaiErrorCode(status: number): string {
  const codes: Record<number, string> = {
    401: "invalid_api_key",
    404: "model_not_found",
    429: "rate_limit_exceeded",
  };
  return codes[status] ?? (status >= 500 ? "server_error" : "invalid_request");
}
