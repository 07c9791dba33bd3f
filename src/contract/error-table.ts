// One table from each error code to what every transport makes of it, applied at the edge: an MCP
// tool answers a result with `isError` (a tool never fails the request), a method without such a
// result (resources, tasks) and an MCP endpoint's refusal answer a JSON-RPC error, HTTP answers a
// status with one JSON body, and the terminal exits with a code. Front ends look codes up here and
// nowhere else.

import type { ErrorCode } from "./service-error.ts";

/** What each transport makes of one error code. */
export interface ErrorTransports {
  /**
   * True: a use case's error, which an MCP tool answers as a result with `isError: true`. False: a
   * refusal of the request itself (made before any tool runs), answered as a JSON-RPC error.
   */
  toolResult: boolean;
  /** The JSON-RPC error code where the error is a JSON-RPC error (resources, tasks, MCP endpoints). */
  jsonRpc: number;
  /** The HTTP status of an answer that carries it: `/api` with {@link ErrorBody}, MCP endpoints with JSON-RPC. */
  httpStatus: number;
  /** The exit code of a terminal command that fails with it. */
  exitCode: number;
}

/** JSON-RPC error codes used below: the protocol's own, MCP's, and the SDK's for a refused request. */
const jsonRpc = {
  invalidRequest: -32600,
  invalidParams: -32602,
  internalError: -32603,
  /** Implementation-defined server error: the request may succeed later (the SDK's too). */
  serverError: -32000,
  /** What MCP SDKs answer a request without valid credentials. */
  unauthorized: -32001,
  /** MCP: a resource that does not exist. */
  resourceNotFound: -32002,
} as const;

/** A use case's error: an MCP tool answers it as a result with `isError`; a failed command exits 1. */
const caseError = (jsonRpc: number, httpStatus: number, exitCode = 1): ErrorTransports => ({
  toolResult: true,
  jsonRpc,
  httpStatus,
  exitCode,
});

/** A refusal of the request itself, made before any tool runs. */
const refusal = (jsonRpc: number, httpStatus: number): ErrorTransports => ({
  toolResult: false,
  jsonRpc,
  httpStatus,
  exitCode: 1,
});

/** The transports of every error code: its JSON-RPC code, HTTP status and, where not 1, exit code. */
export const errorTable: { readonly [Code in ErrorCode]: ErrorTransports } = {
  invalid_argument: caseError(jsonRpc.invalidParams, 400),
  unknown_model: caseError(jsonRpc.invalidParams, 400),
  conversation_not_found: caseError(jsonRpc.resourceNotFound, 404),
  conversation_full: caseError(jsonRpc.invalidParams, 409),
  all_models_failed: caseError(jsonRpc.internalError, 502),
  model_failed: caseError(jsonRpc.internalError, 502),
  idempotency_conflict: caseError(jsonRpc.invalidParams, 409),
  // 499: the client closed the request (nginx's convention); 130: Ctrl-C (128 + SIGINT).
  cancelled: caseError(jsonRpc.internalError, 499, 130),
  // The person asked before a costly call said no: 412, the confirmation the call needed was not given.
  declined: caseError(jsonRpc.invalidRequest, 412),
  store_unavailable: caseError(jsonRpc.internalError, 503),
  rate_limited: caseError(jsonRpc.internalError, 429),
  budget_exhausted: caseError(jsonRpc.internalError, 429),
  budget_exceeded: caseError(jsonRpc.invalidParams, 402),
  task_not_found: caseError(jsonRpc.invalidParams, 404),
  internal_error: caseError(jsonRpc.internalError, 500),
  unauthenticated: refusal(jsonRpc.unauthorized, 401),
  forbidden: refusal(jsonRpc.serverError, 403),
  not_found: refusal(jsonRpc.invalidRequest, 404),
  method_not_allowed: refusal(jsonRpc.invalidRequest, 405),
  request_too_large: refusal(jsonRpc.invalidRequest, 413),
  unavailable: refusal(jsonRpc.serverError, 503),
};

/** The one JSON body of an HTTP error answer outside MCP (every `/api` answer, and the server's own). */
export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    /** What the code's description promises, e.g. `retryAfterSeconds` of rate_limited. */
    details?: Record<string, unknown>;
  };
}

/** The HTTP body of an error. */
export function errorBody(code: ErrorCode, message: string, details?: Record<string, unknown>): ErrorBody {
  return { error: { code, message, ...(details ? { details } : {}) } };
}

/** The JSON-RPC error object of an error: the code's number, the message, and the stable code in `data`. */
export function jsonRpcError(
  code: ErrorCode,
  message: string,
  details?: Record<string, unknown>,
): { code: number; message: string; data: Record<string, unknown> } {
  return { code: errorTable[code].jsonRpc, message, data: { code, ...details } };
}
