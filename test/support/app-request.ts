// Requests an HTTP request listener in process, as hono's `app.request()` does an app: the request goes
// through Node's own HTTP parser and writer over a pair of streams in memory, with no port and no socket,
// and the answer comes back as a fetch Response (its body streamed as the listener writes it).

import { createServer, type IncomingMessage, request, type ServerResponse } from "node:http";
import { duplexPair, Readable } from "node:stream";

/** What a request may carry. */
export interface AppRequestInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** Sends a request for `path` (with its query) to an app; its answer. */
export type AppRequest = (path: string, init?: AppRequestInit) => Promise<Response>;

/** Sends a request for `path` to `listener`, as a client of a server that runs it would. */
export async function appRequest(
  listener: (request: IncomingMessage, response: ServerResponse) => void,
  path: string,
  init: AppRequestInit = {},
): Promise<Response> {
  const [serverEnd, clientEnd] = duplexPair();
  createServer(listener).emit("connection", serverEnd);
  const answer = await new Promise<IncomingMessage>((resolve, reject) => {
    const sent = request(
      { path, method: init.method ?? "GET", headers: init.headers ?? {}, createConnection: () => clientEnd },
      resolve,
    );
    sent.once("error", reject);
    sent.end(init.body);
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers))
    for (const one of [value ?? []].flat()) headers.append(name, one);
  const empty = answer.statusCode === 204 || answer.statusCode === 304 || init.method === "HEAD";
  return new Response(empty ? null : (Readable.toWeb(answer) as ReadableStream), {
    status: answer.statusCode ?? 0,
    headers,
  });
}
