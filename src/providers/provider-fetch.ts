// The `fetch` handed to every AI SDK provider: node:http and node:https over keep-alive agents,
// which costs far less CPU per call than the global fetch. It keeps what providers rely on:
// streaming bodies (server-sent events arrive chunk by chunk), abort signals, gzip, deflate,
// Brotli and zstd bodies, redirects, network failures shaped like the global fetch's
// (`TypeError: fetch failed` with the cause), a resend when a reused keep-alive socket turns out
// closed, and proxies from HTTP_PROXY, HTTPS_PROXY and NO_PROXY (Node's built-in proxy support,
// Node 22.21 or 24.5 and newer). Anything it does not handle itself (a Request object, a FormData
// or stream body) goes to the global fetch. node:http, node:https and node:zlib are taken at the
// first request (process.getBuiltinModule), not imported: importing node:http as an ES module also
// loads Node's bundled undici, which would slow the start of a server that has made no call yet. A
// body that is not a stream of events and passes `maxBodyBytes` once decoded is cut with an
// AnswerTooLargeError as it arrives, so no endpoint can fill the memory (streamed answers are capped
// by their text, in consultation/model-call/sdk-request.ts).

import type { Agent as HttpAgent, IncomingMessage } from "node:http";
import type { Agent as HttpsAgent } from "node:https";
import { Readable, Transform } from "node:stream";
import { AnswerTooLargeError } from "./answer-too-large.ts";

const maxRedirects = 20;
const bodylessStatuses = new Set([101, 204, 205, 304]);

/**
 * The most idle keep-alive sockets kept per provider host. Node's default, 256, is below the calls one
 * busy server has in flight (four opinions and a synthesis a consultation): after each burst the rest
 * were closed and the next burst opened them again, a TCP (and in real use a TLS) handshake a call.
 */
export const maxIdleSockets = 1024;

/** The most a whole (not streamed) response body may hold once decoded: 32 MiB. */
export const defaultMaxBodyBytes = 32 * 1024 * 1024;

/** A fetch over keep-alive agents that honour the proxy variables in `environment`. */
export function createProviderFetch(
  environment: Record<string, string | undefined>,
  options: { maxBodyBytes?: number } = {},
): typeof fetch {
  const maxBodyBytes = options.maxBodyBytes ?? defaultMaxBodyBytes;
  const proxyEnv = proxyVariables(environment);
  const agentOptions = {
    keepAlive: true,
    maxFreeSockets: maxIdleSockets,
    // The socket used last goes out first, so sockets left over after a burst sit idle until the
    // provider closes them, instead of each being kept warm by a call now and then.
    scheduling: "lifo" as const,
    ...(proxyEnv ? { proxyEnv } : {}),
  };
  let agents: { http: HttpAgent; https: HttpsAgent } | undefined;
  const providerFetch = (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    if (input instanceof Request || !isPlainBody(init.body)) return fetch(input, init);
    agents ??= {
      http: new (process.getBuiltinModule("node:http").Agent)(agentOptions),
      https: new (process.getBuiltinModule("node:https").Agent)(agentOptions),
    };
    return send(new URL(input), init, agents, maxRedirects, maxBodyBytes);
  };
  return providerFetch as typeof fetch;
}

/** The proxy settings in `environment`, or undefined when none is set. */
function proxyVariables(environment: Record<string, string | undefined>) {
  const names = ["HTTP_PROXY", "http_proxy", "HTTPS_PROXY", "https_proxy", "NO_PROXY", "no_proxy"];
  const present = names.filter((name) => environment[name]);
  if (!present.some((name) => !/no_proxy/i.test(name))) return undefined;
  return Object.fromEntries(present.map((name) => [name, environment[name]]));
}

function isPlainBody(body: RequestInit["body"]): boolean {
  return body === undefined || body === null || typeof body === "string" || body instanceof Uint8Array;
}

function send(
  url: URL,
  init: RequestInit,
  agents: { http: HttpAgent; https: HttpsAgent },
  redirectsLeft: number,
  maxBodyBytes: number,
): Promise<Response> {
  const secure = url.protocol === "https:";
  if (!secure && url.protocol !== "http:") return fetch(url, init);
  const headers = new Headers(init.headers);
  if (!headers.has("accept-encoding")) headers.set("accept-encoding", "gzip, deflate, br");
  const body =
    typeof init.body === "string" ? Buffer.from(init.body) : (init.body as Uint8Array | null | undefined);
  if (body) headers.set("content-length", String(body.byteLength));
  const signal = init.signal ?? undefined;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const request = secure
      ? process.getBuiltinModule("node:https").request
      : process.getBuiltinModule("node:http").request;
    const outgoing = request(url, {
      method: init.method ?? "GET",
      headers: headerRecord(headers),
      agent: secure ? agents.https : agents.http,
    });
    let answered = false;
    const abort = () => outgoing.destroy(signal?.reason);
    signal?.addEventListener("abort", abort, { once: true });
    const settle = () => signal?.removeEventListener("abort", abort);
    outgoing.on("error", (error: NodeJS.ErrnoException) => {
      settle();
      // A kept-alive socket the server closed just as it was reused: the request never reached the
      // server, so it is sent again on a fresh socket, as Node's documentation advises.
      if (!signal?.aborted && outgoing.reusedSocket && error.code === "ECONNRESET" && !answered) {
        resolve(send(url, init, agents, redirectsLeft, maxBodyBytes));
        return;
      }
      reject(signal?.aborted ? signal.reason : new TypeError("fetch failed", { cause: error }));
    });
    outgoing.on("response", (incoming) => {
      answered = true;
      const location = incoming.headers.location;
      if (location && isRedirect(incoming.statusCode) && init.redirect !== "manual") {
        incoming.resume();
        settle();
        if (init.redirect === "error" || redirectsLeft === 0) {
          reject(
            new TypeError("fetch failed", { cause: new Error(`too many redirects or redirect refused`) }),
          );
          return;
        }
        const next = new URL(location, url);
        const keepsBody = incoming.statusCode === 307 || incoming.statusCode === 308;
        const method = keepsBody || init.method === "HEAD" ? init.method : "GET";
        resolve(
          send(
            next,
            { ...init, method, body: keepsBody ? init.body : undefined },
            agents,
            redirectsLeft - 1,
            maxBodyBytes,
          ),
        );
        return;
      }
      incoming.once("end", settle);
      incoming.once("close", settle);
      resolve(toResponse(incoming, url, signal, maxBodyBytes));
    });
    outgoing.end(body);
  });
}

function headerRecord(headers: Headers): Record<string, string> {
  const record: Record<string, string> = {};
  headers.forEach((value, name) => {
    record[name] = value;
  });
  return record;
}

function isRedirect(status: number | undefined): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}

/** Wraps an incoming message as a Response whose body streams, decoded, as it arrives. */
function toResponse(
  incoming: IncomingMessage,
  url: URL,
  signal: AbortSignal | undefined,
  maxBodyBytes: number,
): Response {
  const headers = new Headers();
  const raw = incoming.rawHeaders;
  for (let index = 0; index < raw.length; index += 2) headers.append(raw[index] ?? "", raw[index + 1] ?? "");
  const status = incoming.statusCode ?? 0;
  let body: ReadableStream | null = null;
  if (bodylessStatuses.has(status)) incoming.resume();
  else {
    const decoded = decode(incoming, headers.get("content-encoding"));
    if (decoded !== incoming) {
      headers.delete("content-encoding");
      headers.delete("content-length");
      incoming.on("error", (error) => decoded.destroy(error));
    }
    const streamed = /^text\/event-stream/i.test(headers.get("content-type") ?? "");
    const capped = streamed ? decoded : decoded.pipe(bodyCap(maxBodyBytes, () => incoming.destroy()));
    if (capped !== decoded) decoded.on("error", (error) => capped.destroy(error));
    if (signal) {
      const abort = () => capped.destroy(signal.reason);
      signal.addEventListener("abort", abort, { once: true });
      // Let go once the body is done: a signal made by AbortSignal.any or .timeout that has listeners
      // is kept alive by Node, and with it this response, until it aborts (for a long-lived signal, never).
      capped.once("close", () => signal.removeEventListener("abort", abort));
    }
    body = Readable.toWeb(capped) as ReadableStream;
  }
  const response = new Response(body, { status, statusText: incoming.statusMessage ?? "", headers });
  Object.defineProperty(response, "url", { value: url.href });
  return response;
}

/** Passes a body on until it passes `limit` bytes; then fails it and calls `stop` (closing the socket). */
function bodyCap(limit: number, stop: () => void): Transform {
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, next) {
      bytes += chunk.length;
      if (bytes <= limit) return next(null, chunk);
      stop();
      next(new AnswerTooLargeError(limit, "body"));
    },
  });
}

function decode(incoming: IncomingMessage, encoding: string | null): Readable {
  const zlib = process.getBuiltinModule("node:zlib");
  switch (encoding?.trim().toLowerCase()) {
    case "gzip":
    case "x-gzip":
      return incoming.pipe(zlib.createGunzip({ finishFlush: zlib.constants.Z_SYNC_FLUSH }));
    case "deflate":
      return incoming.pipe(zlib.createInflate({ finishFlush: zlib.constants.Z_SYNC_FLUSH }));
    case "br":
      return incoming.pipe(
        zlib.createBrotliDecompress({ finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH }),
      );
    case "zstd":
      return "createZstdDecompress" in zlib ? incoming.pipe(zlib.createZstdDecompress()) : incoming;
    default:
      return incoming;
  }
}
