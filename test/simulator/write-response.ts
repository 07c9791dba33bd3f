// Writes rendered bodies to the HTTP response: plain JSON, raw text, or a server-sent event stream.

import type { ServerResponse } from "node:http";
import type { Rendered, ServerSentEvent } from "./protocol.ts";

/** Formats one event in the `event:`/`data:` framing that eventsource-parser (used by the AI SDK) reads. */
export function formatEvent(event: ServerSentEvent): string {
  const data = typeof event.data === "string" ? event.data : JSON.stringify(event.data);
  return `${event.event === undefined ? "" : `event: ${event.event}\n`}data: ${data}\n\n`;
}

/** Writes a rendered body with status 200 and ends the response. */
export function writeRendered(response: ServerResponse, rendered: Rendered): void {
  switch (rendered.kind) {
    case "json":
      writeJson(response, 200, rendered.body);
      return;
    case "raw":
      response.writeHead(200, { "content-type": rendered.contentType });
      response.end(rendered.text);
      return;
    case "events":
      response.writeHead(200, {
        "content-type": "text/event-stream",
        "cache-control": "no-cache",
        connection: "keep-alive",
      });
      for (const event of rendered.events) response.write(formatEvent(event));
      if (rendered.done) response.write("data: [DONE]\n\n");
      response.end();
  }
}

/** Writes a JSON body with the given status and extra headers, and ends the response. */
export function writeJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
    ...headers,
  });
  response.end(text);
}
