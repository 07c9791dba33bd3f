// POST /api/consultations: the web page's consultation, its progress streamed as server-sent events
// (answers included as they form, `model-text`), then the result or the error; closing the stream cancels
// it. It is answered by the server's answer-by time unless the page asks for another. An error, the
// server's one error handler sends as the stream's last event.

import type { ServerResponse } from "node:http";
import type { Caller } from "../application/index.ts";
import { ServiceError } from "../contract/service-error.ts";
import type { WebApiServices } from "./http-services.ts";

/** Runs a consultation, streaming each progress event and then the result as SSE; throws its error. */
export async function streamConsultation(
  response: ServerResponse,
  caller: Caller,
  services: WebApiServices,
  body: unknown,
): Promise<void> {
  const controller = new AbortController();
  response.once("close", () => {
    if (!response.writableFinished) controller.abort(new ServiceError("cancelled", "The stream was closed."));
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
    response.end();
  } finally {
    clearInterval(keepAlive);
  }
}
