// Shapes tool outcomes: a success is structured content plus a text block for the calling model; a
// failure is an `isError` result whose text starts with the stable code, never a crash or a stack trace.

import type { CallToolResult } from "@modelcontextprotocol/server";
import { reportError } from "../contract/service-error.ts";

/** A successful result carrying `value` as structured content and `text` for the model. */
export function toolSuccess(value: object, text: string): CallToolResult {
  return { content: [{ type: "text", text }], structuredContent: value as Record<string, unknown> };
}

/** A failed result; unexpected errors are logged with their stack and reported generically. */
export function toolFailure(error: unknown, log: (message: string) => void): CallToolResult {
  const report = reportError(error);
  if (!report.expected) log(`unexpected tool failure: ${(error as Error)?.stack ?? String(error)}`);
  return {
    isError: true,
    content: [{ type: "text", text: `${report.code}: ${report.message}` }],
    _meta: { "ai-universe/error": { code: report.code, ...report.details } },
  };
}
