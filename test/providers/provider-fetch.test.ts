// The providers' keep-alive fetch against a local HTTP server: bodies and headers both ways, one
// socket reused, compressed bodies decoded, event streams read while they are still arriving, abort
// before and during the body, network failures shaped like the global fetch's, redirects, the
// proxy variables from the environment, a resend when a reused socket was closed under it, and a
// whole body cut at its size limit.

import assert from "node:assert/strict";
import { getEventListeners, once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import * as zlib from "node:zlib";
import { createProviderFetch } from "../../src/providers/provider-fetch.ts";

type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void;

async function listen(handler: Handler): Promise<{ server: Server; url: string; sockets: () => number }> {
  let sockets = 0;
  const server = createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      body += chunk;
    });
    request.on("end", () => handler(request, response, body));
  });
  server.on("connection", () => {
    sockets += 1;
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}`, sockets: () => sockets };
}

describe("provider fetch", () => {
  let target: Awaited<ReturnType<typeof listen>>;
  let releaseStream: () => void = () => {};
  const providerFetch = createProviderFetch({});

  before(async () => {
    target = await listen((request, response, body) => {
      const path = request.url ?? "/";
      if (path === "/slow-echo") {
        // Answered a moment later, so a burst's calls are all in flight at once.
        setTimeout(() => response.end("{}"), 50);
      } else if (path === "/echo") {
        response.writeHead(201, { "content-type": "application/json", "x-request-id": "r1" });
        response.end(JSON.stringify({ method: request.method, body, auth: request.headers.authorization }));
      } else if (path.startsWith("/compressed/")) {
        const encoding = path.slice("/compressed/".length);
        const text = Buffer.from(JSON.stringify({ encoding, words: "compressed ".repeat(200) }));
        const encoded =
          encoding === "gzip"
            ? zlib.gzipSync(text)
            : encoding === "deflate"
              ? zlib.deflateSync(text)
              : zlib.brotliCompressSync(text);
        response.writeHead(200, { "content-type": "application/json", "content-encoding": encoding });
        response.end(encoded);
      } else if (path === "/events") {
        response.writeHead(200, { "content-type": "text/event-stream" });
        response.write("data: first\n\n");
        releaseStream = () => response.end("data: last\n\n");
      } else if (path === "/hang") {
        // Never answers; the client aborts.
      } else if (path === "/hang-body") {
        response.writeHead(200, { "content-type": "application/json" });
        response.write('{"partial":');
      } else if (path === "/moved-permanently") {
        response.writeHead(308, { location: "/echo" }).end();
      } else if (path === "/see-other") {
        response.writeHead(303, { location: "/echo" }).end();
      } else if (path === "/huge" || path === "/huge-gzip") {
        // 4 MiB of JSON sent in 64 KiB pieces, plain or as a small gzip body that decodes to it.
        const piece = `"${"x".repeat(65_534)}",`;
        response.writeHead(200, {
          "content-type": "application/json",
          ...(path === "/huge-gzip" ? { "content-encoding": "gzip" } : {}),
        });
        const whole = Buffer.from(`[${piece.repeat(64)}0]`);
        response.end(path === "/huge-gzip" ? zlib.gzipSync(whole) : whole);
      } else if (path === "/huge-events") {
        response.writeHead(200, { "content-type": "text/event-stream" });
        response.end(`data: ${"y".repeat(3 * 1024 * 1024)}\n\n`);
      } else if (path === "/empty") {
        response.writeHead(204).end();
      } else response.writeHead(404).end("no such path");
    });
  });
  after(() => {
    target.server.closeAllConnections();
    target.server.close();
  });

  it("sends the method, headers and body, and returns status, headers and body", async () => {
    const response = await providerFetch(`${target.url}/echo`, {
      method: "POST",
      headers: { authorization: "Bearer key", "content-type": "application/json" },
      body: JSON.stringify({ question: "why?" }),
    });
    assert.equal(response.status, 201);
    assert.equal(response.ok, true);
    assert.equal(response.headers.get("x-request-id"), "r1");
    assert.equal(response.url, `${target.url}/echo`);
    assert.deepEqual(await response.json(), {
      method: "POST",
      body: '{"question":"why?"}',
      auth: "Bearer key",
    });
  });

  it("lets go of the caller's signal once the body has been read, so a long-lived signal keeps no call alive", async () => {
    const signal = AbortSignal.any([new AbortController().signal]);
    const response = await providerFetch(`${target.url}/echo`, { method: "POST", body: "x", signal });
    await response.json();
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(getEventListeners(signal, "abort").length, 0);
  });

  it("reuses one keep-alive socket for calls one after another", async () => {
    const before = target.sockets();
    for (let call = 0; call < 5; call++) {
      const response = await providerFetch(`${target.url}/echo`, { method: "POST", body: "{}" });
      await response.text();
    }
    assert.ok(target.sockets() - before <= 1, `opened ${target.sockets() - before} sockets for 5 calls`);
  });

  it("keeps the sockets of a burst of 300 calls open for the next burst (Node's agent keeps 256)", async () => {
    const burst = () =>
      Promise.all(
        Array.from({ length: 300 }, async () => {
          const response = await providerFetch(`${target.url}/slow-echo`, { method: "POST", body: "{}" });
          await response.text();
        }),
      );
    await burst();
    const before = target.sockets();
    await burst();
    assert.equal(target.sockets() - before, 0, "the second burst opened new sockets");
  });

  for (const encoding of ["gzip", "deflate", "br"]) {
    it(`decodes a ${encoding} body`, async () => {
      const response = await providerFetch(`${target.url}/compressed/${encoding}`);
      assert.equal(response.headers.get("content-encoding"), null);
      const body = (await response.json()) as { encoding: string; words: string };
      assert.equal(body.encoding, encoding);
      assert.equal(body.words.length, "compressed ".length * 200);
    });
  }

  it("streams an event stream: the first event is readable before the stream ends", async () => {
    const response = await providerFetch(`${target.url}/events`);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    assert.match(Buffer.from(first.value ?? []).toString(), /data: first/);
    releaseStream();
    let rest = "";
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      rest += Buffer.from(chunk.value).toString();
    }
    assert.match(rest, /data: last/);
  });

  it("rejects with the abort reason when aborted before the answer", async () => {
    const controller = new AbortController();
    const pending = providerFetch(`${target.url}/hang`, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await assert.rejects(pending, { name: "AbortError" });
  });

  it("rejects at once with an already aborted signal", async () => {
    await assert.rejects(providerFetch(`${target.url}/echo`, { signal: AbortSignal.abort() }), {
      name: "AbortError",
    });
  });

  it("errors the body when aborted while it arrives", async () => {
    const controller = new AbortController();
    const response = await providerFetch(`${target.url}/hang-body`, { signal: controller.signal });
    const reading = response.text();
    controller.abort();
    await assert.rejects(reading);
  });

  it("fails like the global fetch when nothing listens", async () => {
    const closed = await listen(() => {});
    closed.server.close();
    await once(closed.server, "close");
    await assert.rejects(
      providerFetch(`${closed.url}/echo`),
      (error: Error & { cause?: { code?: string } }) => {
        assert.ok(error instanceof TypeError);
        assert.equal(error.message, "fetch failed");
        assert.equal(error.cause?.code, "ECONNREFUSED");
        return true;
      },
    );
  });

  it("follows a 308 with the same method and body, and a 303 as a GET", async () => {
    const kept = await providerFetch(`${target.url}/moved-permanently`, { method: "POST", body: "kept" });
    assert.deepEqual(await kept.json(), { method: "POST", body: "kept" });
    assert.equal(kept.url, `${target.url}/echo`);
    const other = await providerFetch(`${target.url}/see-other`, { method: "POST", body: "dropped" });
    assert.deepEqual(await other.json(), { method: "GET", body: "" });
  });

  it("cuts a whole body past its limit as it arrives, compressed or not, and leaves event streams to their reader", async () => {
    const capped = createProviderFetch({}, { maxBodyBytes: 1024 * 1024 });
    for (const path of ["/huge", "/huge-gzip"]) {
      const response = await capped(`${target.url}${path}`);
      assert.equal(response.status, 200);
      await assert.rejects(response.text(), (error: Error) => {
        assert.equal(error.name, "AnswerTooLargeError", path);
        assert.match(error.message, /larger than 1 MiB/);
        return true;
      });
    }
    assert.equal((await (await capped(`${target.url}/huge-events`)).text()).length, 3 * 1024 * 1024 + 8);
    assert.equal((await (await providerFetch(`${target.url}/huge`)).text()).length, 64 * 65_537 + 3);
  });

  it("returns a bodiless 204", async () => {
    const response = await providerFetch(`${target.url}/empty`);
    assert.equal(response.status, 204);
    assert.equal(response.body, null);
  });

  it("goes through HTTP_PROXY, and straight to hosts in NO_PROXY", async () => {
    const seen: string[] = [];
    const proxy = await listen((request, response) => {
      seen.push(`${request.method} ${request.url}`);
      response.writeHead(200, { "content-type": "application/json" }).end('{"via":"proxy"}');
    });
    try {
      const proxied = createProviderFetch({ HTTP_PROXY: proxy.url });
      const response = await proxied("http://provider.example/v1/chat/completions", {
        method: "POST",
        body: "{}",
      });
      assert.deepEqual(await response.json(), { via: "proxy" });
      assert.deepEqual(seen, ["POST http://provider.example/v1/chat/completions"]);
      const bypassing = createProviderFetch({ HTTP_PROXY: proxy.url, NO_PROXY: "127.0.0.1" });
      const direct = await bypassing(`${target.url}/echo`, { method: "POST", body: "direct" });
      assert.deepEqual(await direct.json(), { method: "POST", body: "direct" });
      assert.equal(seen.length, 1);
    } finally {
      proxy.server.closeAllConnections();
      proxy.server.close();
    }
  });

  it("sends a request again when the kept-alive socket it reused was closed by the server", async () => {
    const seen = new WeakSet<object>();
    const closing = await listen((request, response) => {
      if (seen.has(request.socket)) {
        request.socket.destroy(); // closed just as the client reused it
        return;
      }
      seen.add(request.socket);
      response.end("fresh");
    });
    const fresh = createProviderFetch({});
    try {
      assert.equal(await (await fresh(closing.url, { method: "POST", body: "one" })).text(), "fresh");
      assert.equal(await (await fresh(closing.url, { method: "POST", body: "two" })).text(), "fresh");
      assert.equal(closing.sockets(), 2, "the second request went out again on a new socket");
    } finally {
      closing.server.closeAllConnections();
      closing.server.close();
    }
  });
});
