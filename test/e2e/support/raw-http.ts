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

/** How an endless upload ended: the status answered (0: none), and the bytes written until it closed. */
export interface EndlessOutcome {
  status: number;
  closed: boolean;
  writtenBytes: number;
}

/**
 * POSTs a chunked JSON body that never ends to `url` as fast as the socket takes it, until the server
 * closes the connection (or 60 s and 64 MiB pass: then `closed` is false).
 */
export function endlessUpload(url: URL, headers: Record<string, string>): Promise<EndlessOutcome> {
  const chunk = Buffer.from(`${(65_536).toString(16)}\r\n${"a".repeat(65_536)}\r\n`);
  const head =
    `POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\ncontent-type: application/json\r\n` +
    "accept: application/json, text/event-stream\r\nx-requested-with: ai-universe\r\n" +
    Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join("") +
    'transfer-encoding: chunked\r\n\r\n5\r\n{"a":\r\n';
  return new Promise((resolve) => {
    let written = 0;
    let answer = "";
    let settled = false;
    const socket = connect(Number(url.port), url.hostname);
    const settle = (closed: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({
        status: Number(answer.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 0),
        closed,
        writtenBytes: written,
      });
    };
    const timer = setTimeout(() => settle(false), 60_000);
    const pump = () => {
      while (!settled && written < 64 * 1024 * 1024) {
        written += chunk.length;
        if (!socket.write(chunk)) return void socket.once("drain", pump);
      }
      if (!settled) settle(false);
    };
    socket.on("connect", () => {
      socket.write(head);
      pump();
    });
    socket.setEncoding("utf8");
    socket.on("data", (data: string) => {
      answer += data;
    });
    socket.on("error", () => settle(true));
    socket.on("close", () => settle(true));
  });
}
