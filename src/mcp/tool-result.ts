// Shapes tool results: structured content plus one text block with the same JSON; failures become
// `isError` results with a message a person can act on, never a crash or a stack trace.

import type { CallToolResult } from "@modelcontextprotocol/server";
import { ConsultationError } from "../consultation/consultation-error.ts";

/** A successful result carrying `value` as structured content and as JSON text. */
export function toolSuccess(value: object): CallToolResult {
  return {
    content: [{ type: "text", text: JSON.stringify(value) }],
    structuredContent: value as Record<string, unknown>,
  };
}

/** A failed result. Known errors keep their code and message; unknown ones are reported generically. */
export function toolFailure(error: unknown, log: (message: string) => void): CallToolResult {
  if (error instanceof ConsultationError) {
    const details = error.details ? { ...error.details } : {};
    return {
      isError: true,
      content: [{ type: "text", text: `${error.code}: ${error.message}` }],
      _meta: { "ai-universe/error": { code: error.code, ...details } },
    };
  }
  log(`unexpected tool failure: ${(error as Error)?.stack ?? String(error)}`);
  return {
    isError: true,
    content: [
      {
        type: "text",
        text: "internal_error: The server failed unexpectedly; the error was logged. Try again, and report it if it persists.",
      },
    ],
  };
}

/** Runs a tool's work and shapes its outcome: the value as a success, any throw as a failure. */
export async function respond(work: () => Promise<object>): Promise<CallToolResult> {
  try {
    return toolSuccess(await work());
  } catch (error) {
    return toolFailure(error, (message) => console.error(message));
  }
}
