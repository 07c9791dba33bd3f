// The web page's two streams of server-sent events. POST /api/consultations: a consultation's progress
// (answers included as they form, `model-text`), then its result; closing the stream cancels it; it is
// answered by the server's answer-by time unless the page asks for another. GET
// /api/answers/{id}/late-opinions, for the web page and the terminal's `ask --server`: `turn` carries the
// stored turn at once and after each late opinion joins it; `end` says the watch is over, naming the models
// that will never land (none when every one did). Any node can serve it (see late-opinion-watch.ts). An
// error goes to the server's one error handler, which sends it as the stream's last event once the stream
// is under way.

import type { ServerResponse } from "node:http";
import type { Caller } from "../application/index.ts";
import { ServiceError } from "../contract/service-error.ts";
import type { LateOpinionsEnd } from "../contract/web-api.ts";
import type { WebApiServices } from "./http-services.ts";
import { whenClosed } from "./when-closed.ts";

/**
 * Server-sent events on `response`: its status and headers sent at the first event (or by `open`),
 * `comment` every 15 s while it is open, so no proxy takes a quiet stream for a dead one, and `signal`
 * aborted when the client closes it first. `stop` ends the comments: a stream whose work is over (ended,
 * failed, or its client gone before it opened) keeps no timer, and no timer keeps a stopping server up.
 */
function eventStream(response: ServerResponse, comment: string) {
  const controller = new AbortController();
  const closed = () => {
    clearInterval(keepAlive);
    if (!response.writableFinished) controller.abort(new ServiceError("cancelled", "The stream was closed."));
  };
  const open = () => {
    if (response.headersSent) return;
    response.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-store",
      "x-accel-buffering": "no",
    });
  };
  const keepAlive = setInterval(() => {
    if (response.headersSent && !response.writableEnded) response.write(`: ${comment}\n\n`);
  }, 15_000);
  keepAlive.unref();
  whenClosed(response, closed);
  return {
    open,
    stop: () => clearInterval(keepAlive),
    signal: controller.signal,
    send(event: string, data: unknown) {
      open();
      if (!response.writableEnded) response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
  };
}

/** Runs a consultation, streaming each progress event and then the result; throws its error. */
export async function streamConsultation(
  response: ServerResponse,
  caller: Caller,
  services: WebApiServices,
  body: unknown,
  useCase: "secondOpinion" | "replay" = "secondOpinion",
): Promise<void> {
  const stream = eventStream(response, "still working");
  stream.open();
  try {
    const result = await services.application[useCase](caller, body, {
      signal: stream.signal,
      onEvent: (event) => stream.send("progress", event),
      stream: true,
      client: { via: "web" },
    });
    stream.send("result", result);
    response.end();
  } finally {
    stream.stop();
  }
}

/** Streams the late opinions of `messageId`; throws when the caller has no such answer, or it fails. */
export async function streamLateOpinions(
  response: ServerResponse,
  caller: Caller,
  services: WebApiServices,
  messageId: string,
): Promise<void> {
  const stream = eventStream(response, "still waiting");
  try {
    const unlanded = await services.application.watchLateOpinions(
      caller,
      { messageId },
      { signal: stream.signal, onTurn: (turn) => stream.send("turn", turn) },
    );
    stream.send("end", { unlanded } satisfies LateOpinionsEnd);
    response.end();
  } finally {
    stream.stop();
  }
}
