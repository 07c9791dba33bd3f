// How a refused task request reaches an MCP client: a JSON-RPC error whose message starts with the
// stable code and whose data carries it (with the details, such as when to retry); a missing task or a
// bad argument as Invalid params, as the protocol asks, anything else as Internal error.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ProtocolErrorCode } from "@modelcontextprotocol/server";
import { ServiceError } from "../../src/contract/service-error.ts";
import { taskError } from "../../src/mcp/task-handlers.ts";

describe("task errors", () => {
  it("keep their code, on the JSON-RPC code the protocol asks for", () => {
    const cases = [
      [new ServiceError("task_not_found", "There is no task x of yours."), ProtocolErrorCode.InvalidParams],
      [new ServiceError("invalid_argument", "The cursor is not valid."), ProtocolErrorCode.InvalidParams],
      [
        new ServiceError("rate_limited", "Too many requests.", { retryAfterSeconds: 30 }),
        ProtocolErrorCode.InternalError,
      ],
      [new ServiceError("store_unavailable", "The database is locked."), ProtocolErrorCode.InternalError],
    ] as const;
    for (const [error, code] of cases) {
      const wire = taskError(error);
      assert.equal(wire.code, code, error.code);
      assert.equal(wire.message, `${error.code}: ${error.message}`);
      assert.deepEqual(wire.data, { code: error.code, ...error.details });
    }
  });
});
