// Errors the service reports to its callers, whatever the front end. Each has a stable code and a
// message a person can act on; front ends only translate them, each code as error-table.ts says (MCP
// tool error, JSON-RPC error, HTTP status and body, CLI exit code), so a rule about errors lives here once.

/** Stable codes of errors that go over the wire. */
export const errorCodes = [
  "invalid_argument",
  "unknown_model",
  "conversation_not_found",
  "conversation_full",
  "all_models_failed",
  "model_failed",
  "idempotency_conflict",
  "cancelled",
  "declined",
  "store_unavailable",
  "rate_limited",
  "budget_exhausted",
  "budget_exceeded",
  "task_not_found",
  "internal_error",
  // Refusals of a request itself, made by the HTTP server before any use case runs.
  "unauthenticated",
  "forbidden",
  "not_found",
  "method_not_allowed",
  "request_too_large",
  "unavailable",
] as const;

/** One of {@link errorCodes}. */
export type ErrorCode = (typeof errorCodes)[number];

/** `value` if it is one of {@link errorCodes} (as another process sent it), else internal_error. */
export function errorCodeOf(value: unknown): ErrorCode {
  return (errorCodes as readonly unknown[]).includes(value) ? (value as ErrorCode) : "internal_error";
}

/** An error meant for the caller: the message names the cause and the fix, and holds no secrets. */
export class ServiceError extends Error {
  readonly code: ErrorCode;
  readonly details?: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = "ServiceError";
    this.code = code;
    if (details) this.details = details;
  }
}

/** What a front end shows for any error: known ones keep their code and message. */
export interface ErrorReport {
  code: ErrorCode;
  message: string;
  details?: Record<string, unknown>;
  /** False for failures the program did not expect; the front end logs those with their stack. */
  expected: boolean;
}

/** Reports `error` for a person: a ServiceError as it is, anything else as internal_error. */
export function reportError(error: unknown): ErrorReport {
  if (error instanceof ServiceError) {
    return {
      code: error.code,
      message: error.message,
      ...(error.details ? { details: error.details } : {}),
      expected: true,
    };
  }
  return {
    code: "internal_error",
    message: "The server failed unexpectedly; the error was logged. Try again, and report it if it persists.",
    expected: false,
  };
}
