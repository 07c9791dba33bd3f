// The error table gives every stable error code an answer on every transport: whether an MCP tool
// answers it as an `isError` result, its JSON-RPC code, its HTTP status and the terminal's exit code.
// A code added without its row fails here (and does not type-check).

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { errorBody, errorTable, jsonRpcError } from "../../src/contract/error-table.ts";
import { errorCodeOf, errorCodes } from "../../src/contract/service-error.ts";

/** The codes a use case throws: an MCP tool answers each with a result, never a JSON-RPC error. */
const useCaseCodes = [
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
];

describe("the error table", () => {
  it("has every code, and only codes, each with every transport", () => {
    assert.deepEqual(Object.keys(errorTable).sort(), [...errorCodes].sort());
    for (const code of errorCodes) {
      const row = errorTable[code];
      assert.deepEqual(Object.keys(row).sort(), ["exitCode", "httpStatus", "jsonRpc", "toolResult"], code);
      assert.equal(typeof row.toolResult, "boolean", code);
      assert.ok(Number.isInteger(row.jsonRpc) && row.jsonRpc < -32000 + 1 && row.jsonRpc >= -32800, code);
      assert.ok(Number.isInteger(row.httpStatus) && row.httpStatus >= 400 && row.httpStatus < 600, code);
      assert.ok(Number.isInteger(row.exitCode) && row.exitCode > 0 && row.exitCode < 256, code);
    }
  });

  it("answers a use case's error as a tool result and a refusal of the request as a JSON-RPC error", () => {
    for (const code of errorCodes)
      assert.equal(errorTable[code].toolResult, useCaseCodes.includes(code), code);
  });

  it("keeps the codes clients already rely on", () => {
    const pick = (code: keyof typeof errorTable) => {
      const { jsonRpc, httpStatus, exitCode } = errorTable[code];
      return [jsonRpc, httpStatus, exitCode];
    };
    // MCP: a resource that is not there, a task that is not there (the protocol's), a refused request.
    assert.equal(errorTable.conversation_not_found.jsonRpc, -32002);
    assert.equal(errorTable.task_not_found.jsonRpc, -32602);
    assert.equal(errorTable.invalid_argument.jsonRpc, -32602);
    assert.equal(errorTable.rate_limited.jsonRpc, -32603);
    assert.deepEqual(pick("unauthenticated"), [-32001, 401, 1]);
    assert.deepEqual(pick("unavailable"), [-32000, 503, 1]);
    // The web page's statuses, and the terminal's: 1 for a failed request, 130 for Ctrl-C.
    assert.deepEqual(pick("rate_limited").slice(1), [429, 1]);
    assert.deepEqual(pick("budget_exceeded").slice(1), [402, 1]);
    assert.deepEqual(pick("conversation_not_found").slice(1), [404, 1]);
    assert.deepEqual(pick("internal_error").slice(1), [500, 1]);
    assert.equal(errorTable.cancelled.exitCode, 130);
  });

  it("writes one HTTP body and one JSON-RPC error, the stable code in both", () => {
    assert.deepEqual(errorBody("rate_limited", "Slow down.", { retryAfterSeconds: 60 }), {
      error: { code: "rate_limited", message: "Slow down.", details: { retryAfterSeconds: 60 } },
    });
    assert.deepEqual(errorBody("not_found", "Nothing here."), {
      error: { code: "not_found", message: "Nothing here." },
    });
    assert.deepEqual(jsonRpcError("task_not_found", "No such task.", { taskId: "t" }), {
      code: -32602,
      message: "No such task.",
      data: { code: "task_not_found", taskId: "t" },
    });
  });

  it("reads a code another process sent, and takes an unknown one for internal_error", () => {
    assert.equal(errorCodeOf("budget_exhausted"), "budget_exhausted");
    for (const strange of ["no_such_code", -32001, undefined, null, "toString"])
      assert.equal(errorCodeOf(strange), "internal_error", String(strange));
  });
});
