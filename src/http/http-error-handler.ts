// The HTTP server's one error handler, as hono's `onError`: whatever a route throws (a use case's typed
// error, a store that fails, a bug) comes here. The operator's log gets what the program did not expect,
// with its stack, through the log that scrubs every configured secret, and the request's path without its
// query; the caller gets the error table's status and body for the code (error-table.ts: a JSON-RPC error
// on /mcp, the JSON error body elsewhere), whose message names the cause and the fix, and never a stack.
// A stream of server-sent events already under way gets the same body as its last event, `error`.

import type { IncomingMessage, ServerResponse } from "node:http";
import { errorBody } from "../contract/error-table.ts";
import { reportError } from "../contract/service-error.ts";
import { sendError } from "./http-responses.ts";

/** Answers `thrown` for the request that threw it. */
export type HttpErrorHandler = (thrown: unknown, request: IncomingMessage, response: ServerResponse) => void;

/** The one error handler, logging unexpected errors to `log`. */
export function httpErrorHandler(log: (message: string) => void): HttpErrorHandler {
  return (thrown, request, response) => {
    const report = reportError(thrown);
    if (!report.expected) {
      const path = new URL(request.url ?? "/", "http://localhost").pathname;
      log(`${request.method} ${path}: ${thrown instanceof Error ? thrown.stack : String(thrown)}`);
    }
    if (response.headersSent) {
      // A stream already under way: its status is said; end it rather than write a second answer.
      const events = String(response.getHeader("content-type")).startsWith("text/event-stream");
      if (events && response.writable) {
        const { error } = errorBody(report.code, report.message, report.details);
        response.write(`event: error\ndata: ${JSON.stringify(error)}\n\n`);
      }
      if (!response.writableEnded) response.end();
      return;
    }
    const retryAfter = report.details?.retryAfterSeconds;
    sendError(response, report.code, report.message, {
      ...(report.details ? { details: report.details } : {}),
      ...(typeof retryAfter === "number" ? { headers: { "retry-after": String(retryAfter) } } : {}),
    });
  };
}
