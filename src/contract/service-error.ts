// Errors the service reports to its callers, whatever the front end. Each has a stable code and a
// message a person can act on; front ends only translate them (MCP tool error, resource error,
// CLI exit code), so a rule about errors lives here once.

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
  "store_unavailable",
  "rate_limited",
  "budget_exhausted",
  "budget_exceeded",
  "task_not_found",
  "internal_error",
] as const;

/** One of {@link errorCodes}. */
export type ErrorCode = (typeof errorCodes)[number];

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
