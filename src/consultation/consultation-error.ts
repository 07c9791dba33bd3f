// Errors a consultation reports to its caller. Each has a stable code and a message a person can act on.

/** Stable codes of errors that go over the wire. */
export type ConsultationErrorCode =
  | "invalid_argument"
  | "unknown_model"
  | "conversation_not_found"
  | "all_models_failed"
  | "model_failed"
  | "idempotency_conflict"
  | "conversation_full"
  | "cancelled";

/** An error meant for the caller: the message names the cause and the fix, and holds no secrets. */
export class ConsultationError extends Error {
  readonly code: ConsultationErrorCode;
  readonly details?: Record<string, unknown>;
  constructor(code: ConsultationErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = "ConsultationError";
    this.code = code;
    if (details) this.details = details;
  }
}
