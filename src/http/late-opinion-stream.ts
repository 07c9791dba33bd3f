// GET /api/answers/{id}/late-opinions: an answer's late opinions as server-sent events, for the web
// page and the terminal's `ask --server`. `turn` carries the stored turn at once and after each late
// opinion joins it; `end` says the watch is over, naming the models that will never land (none when
// every one did); then the stream closes. Any node can serve it (see late-opinion-watch.ts). An error, the
// server's one error handler answers, as the stream's last event once it is under way.

import type { ServerResponse } from "node:http";
import type { Caller } from "../application/index.ts";
import type { LateOpinionsEnd } from "../contract/web-api.ts";
import type { WebApiServices } from "./http-services.ts";

/** Streams the late opinions of `messageId`; throws when the caller has no such answer, or it fails. */
export async function streamLateOpinions(
  response: ServerResponse,
  caller: Caller,
  services: WebApiServices,
  messageId: string,
): Promise<void> {
  const controller = new AbortController();
  response.once("close", () => controller.abort());
  const send = (event: string, data: unknown) => {
    if (!response.headersSent) {
      response.writeHead(200, {
        "content-type": "text/event-stream",
        "cache-control": "no-store",
        "x-accel-buffering": "no",
      });
    }
    if (!response.writableEnded) response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  const keepAlive = setInterval(() => {
    if (response.headersSent && !response.writableEnded) response.write(": still waiting\n\n");
  }, 15_000);
  try {
    const unlanded = await services.application.watchLateOpinions(
      caller,
      { messageId },
      { signal: controller.signal, onTurn: (turn) => send("turn", turn) },
    );
    send("end", { unlanded } satisfies LateOpinionsEnd);
    response.end();
  } finally {
    clearInterval(keepAlive);
  }
}
