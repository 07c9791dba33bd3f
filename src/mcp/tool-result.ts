// Shapes tool outcomes: a success is structured content plus a text block for the calling model; a
// failure is an `isError` result whose text starts with the stable code, never a crash or a stack trace.
// A code the error table (error-table.ts) does not answer as a tool result is a JSON-RPC error instead.

import { type CallToolResult, ProtocolError } from "@modelcontextprotocol/server";
import { errorTable, jsonRpcError } from "../contract/error-table.ts";
import { reportError } from "../contract/service-error.ts";

/** A successful result carrying `value` as structured content and `text` for the model. */
export function toolSuccess(value: object, text: string): CallToolResult {
  return { content: [{ type: "text", text }], structuredContent: value as Record<string, unknown> };
}

/** A failed result; unexpected errors are logged with their stack and reported generically. */
export function toolFailure(error: unknown, log: (message: string) => void): CallToolResult {
  const report = reportError(error);
  if (!report.expected) log(`unexpected tool failure: ${(error as Error)?.stack ?? String(error)}`);
  if (!errorTable[report.code].toolResult) throw protocolError(error);
  return {
    isError: true,
    content: [{ type: "text", text: `${report.code}: ${report.message}` }],
    _meta: { "ai-universe/error": { code: report.code, ...report.details } },
  };
}

/**
 * The JSON-RPC error of a failed method that has no tool result (a resource read, a task method): the
 * table's code, a message starting with the stable code, and the code and details in `data`.
 */
export function protocolError(error: unknown): ProtocolError {
  const report = reportError(error);
  const wire = jsonRpcError(report.code, `${report.code}: ${report.message}`, report.details);
  return new ProtocolError(wire.code, wire.message, wire.data);
}
