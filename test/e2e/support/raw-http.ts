// Sends raw bytes over a TCP socket and reads the raw answer, for requests a well-behaved HTTP client
// refuses to send (absolute-form targets, odd Host headers, stalled bodies).

import { connect } from "node:net";

/** The status code and body of an HTTP answer, or the socket error. */
export interface RawAnswer {
  status: number;
  body: string;
}

/** Sends `request` (headers and body, as written) and resolves with the answer when the socket closes. */
export function sendRaw(port: number, request: string, options: { end?: boolean } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => {
      if (options.end === false) socket.write(request);
      else socket.end(request);
    });
    let data = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      data += chunk;
    });
    // A server that refuses a large body answers and closes before the client has written it all:
    // the write fails with EPIPE, and the answer is still what counts.
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
    });
    socket.on("close", () => {
      const [head = "", ...rest] = data.split("\r\n\r\n");
      const status = Number(head.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 0);
      const raw = rest.join("\r\n\r\n");
      const chunked = /transfer-encoding: chunked/i.test(head);
      resolve({ status, body: chunked ? raw.replace(/^[0-9a-f]+\r\n|\r\n[0-9a-f]+\r\n/gi, "") : raw });
    });
  });
}

/** A POST to /mcp with JSON headers, `body` as given and `headers` added. */
export function mcpPost(target: string, host: string, body: string, headers: string[] = []): string {
  return [
    `POST ${target} HTTP/1.1`,
    `Host: ${host}`,
    "Content-Type: application/json",
    "Accept: application/json, text/event-stream",
    `Content-Length: ${Buffer.byteLength(body)}`,
    "Connection: close",
    ...headers,
    "",
    body,
  ].join("\r\n");
}
