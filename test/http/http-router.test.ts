// The HTTP server's router and its one error handler, in process with a table of routes and no runtime (as
// hono's `app.request()`): the first route that serves the method and path answers; a use case's typed error
// keeps its code, status, details and Retry-After; an unexpected one is logged once with its stack and
// answered 500 without it, on /mcp as a JSON-RPC error; a stream already under way is ended, not answered
// twice; a path no route serves goes to the fallback.

import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { ServiceError } from "../../src/contract/service-error.ts";
import { httpErrorHandler } from "../../src/http/http-error-handler.ts";
import { sendJson } from "../../src/http/http-responses.ts";
import { createRouter, type HttpRoute } from "../../src/http/http-router.ts";

describe("the HTTP router and its error handler", () => {
  const logged: string[] = [];
  let server: Server;
  let url = "";

  before(async () => {
    const routes: HttpRoute[] = [
      {
        method: "GET",
        path: "/hello",
        handle: (_request, response) => sendJson(response, 200, { hello: true }),
      },
      {
        path: /^\/limited\//,
        handle: async () => {
          throw new ServiceError("rate_limited", "Too many requests: wait 7 s.", { retryAfterSeconds: 7 });
        },
      },
      {
        path: (path) => path === "/broken" || path === "/mcp",
        handle: () => {
          throw new Error("the disk at /private/data is on fire");
        },
      },
      {
        path: "/streaming",
        handle: async (_request, response) => {
          response.writeHead(200, { "content-type": "text/event-stream" });
          response.write("event: progress\ndata: {}\n\n");
          throw new Error("lost halfway");
        },
      },
    ];
    const fallback: HttpRoute["handle"] = (_request, response, path) =>
      sendJson(response, 404, { nothing: path });
    const route = createRouter(
      routes,
      fallback,
      httpErrorHandler((message) => logged.push(message)),
    );
    server = createServer((request, response) => void route(request, response));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("serves the first route matching method and path, and the fallback for the rest", async () => {
    assert.deepEqual(await (await fetch(`${url}/hello`)).json(), { hello: true });
    const posted = await fetch(`${url}/hello`, { method: "POST" });
    assert.deepEqual([posted.status, await posted.json()], [404, { nothing: "/hello" }]);
  });

  it("answers a typed error with its code, status, details and Retry-After, and logs nothing", async () => {
    const answer = await fetch(`${url}/limited/x`);
    assert.equal(answer.status, 429);
    assert.equal(answer.headers.get("retry-after"), "7");
    assert.deepEqual(await answer.json(), {
      error: {
        code: "rate_limited",
        message: "Too many requests: wait 7 s.",
        details: { retryAfterSeconds: 7 },
      },
    });
    assert.deepEqual(logged, []);
  });

  it("answers an unexpected error 500 without its text or stack, logged once with the path but no query", async () => {
    logged.length = 0;
    const answer = await fetch(`${url}/broken?token=secret-in-query`);
    assert.equal(answer.status, 500);
    const body = (await answer.json()) as { error: { code: string; message: string } };
    assert.equal(body.error.code, "internal_error");
    assert.doesNotMatch(JSON.stringify(body), /private|fire|at /);
    assert.equal(logged.length, 1);
    assert.match(logged[0] ?? "", /^GET \/broken: Error: the disk at \/private\/data is on fire\n\s+at /);
    assert.doesNotMatch(logged[0] ?? "", /secret-in-query/);
    const mcp = (await (await fetch(`${url}/mcp`, { method: "POST" })).json()) as Record<string, unknown>;
    assert.equal(mcp.jsonrpc, "2.0");
    assert.equal((mcp.error as { data: { code: string } }).data.code, "internal_error");
  });

  it("ends a stream already under way instead of answering a second time", async () => {
    const answer = await fetch(`${url}/streaming`);
    assert.equal(answer.status, 200);
    assert.equal(await answer.text(), "event: progress\ndata: {}\n\n");
    assert.equal((await fetch(`${url}/hello`)).status, 200);
  });
});
