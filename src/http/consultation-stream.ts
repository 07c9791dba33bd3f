// POST /api/consultations: the web page's consultation, its progress streamed as server-sent events
// (answers included as they form, `model-text`), then the result or the error; closing the stream cancels
// it. It is answered by the server's answer-by time unless the page asks for another.

import type { ServerResponse } from "node:http";
import type { Caller } from "../application/index.ts";
import { errorBody } from "../contract/error-table.ts";
import { reportError } from "../contract/service-error.ts";
import type { WebApiServices } from "./http-services.ts";

/** Runs a consultation, streaming each progress event and then the result (or the error) as SSE. */
export async function streamConsultation(
  response: ServerResponse,
  caller: Caller,
  services: WebApiServices,
  body: unknown,
): Promise<void> {
  const controller = new AbortController();
  response.once("close", () => {
    if (!response.writableFinished) controller.abort();
  });
  response.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-store",
    "x-accel-buffering": "no",
  });
  const send = (event: string, data: unknown) =>
    response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  const keepAlive = setInterval(() => response.write(": still working\n\n"), 15_000);
  try {
    const result = await services.application.secondOpinion(caller, body, {
      signal: controller.signal,
      onEvent: (event) => send("progress", event),
      stream: true,
      client: { via: "web" },
    });
    send("result", result);
  } catch (thrown) {
    if (controller.signal.aborted) return;
    send("error", streamedError(thrown, services.log));
  } finally {
    clearInterval(keepAlive);
    response.end();
  }
}

/**
 * The `error` event of a stream already under way (its status is sent, so the error handler cannot
 * answer): the error table's body, an unexpected error logged with its stack first.
 */
export function streamedError(thrown: unknown, log: (message: string) => void) {
  const report = reportError(thrown);
  if (!report.expected) log(`web api: ${thrown instanceof Error ? thrown.stack : String(thrown)}`);
  return errorBody(report.code, report.message, report.details).error;
}
