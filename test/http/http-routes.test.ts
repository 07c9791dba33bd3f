// The HTTP server's one route table, in process as hono's `app.request()`: the server's real request
// handling, built from a real runtime, reached over streams in memory with no port. A step stands in front
// of /api (a change without X-Requested-With is refused, a request without credentials is answered 401
// before a path is looked up); a path no route serves is answered by the API or the page's fallback. What
// a route throws goes to the one error handler: a use case's typed error keeps its code, status, details
// and Retry-After; an unexpected one is logged once with its stack and the path without its query, and
// answered 500 without them; on a stream already under way, the same body is its last event, `error`.

import assert from "node:assert/strict";
import { after, afterEach, before, describe, it, mock } from "node:test";
import type { Application } from "../../src/application/index.ts";
import { ServiceError } from "../../src/contract/service-error.ts";
import { type InProcessApp, startHttpAppInProcess } from "../e2e/support/http-server-in-process.ts";
import { serverEnvironment } from "../e2e/support/server-environment.ts";

const changing = { "content-type": "application/json", "x-requested-with": "ai-universe" };

describe("the HTTP route table, in process", () => {
  let app: InProcessApp;
  let keyedApp: InProcessApp;
  const logged: string[] = [];
  /** Makes the application's use case `name` do `work` instead, for one test. */
  const replace = <Name extends "usage" | "secondOpinion" | "watchLateOpinions">(
    name: Name,
    work: Application[Name],
  ) => mock.method(app.runtime.application, name, work);

  before(async () => {
    app = await startHttpAppInProcess((await serverEnvironment("http://127.0.0.1:9")).environment);
    const { environment } = await serverEnvironment("http://127.0.0.1:9");
    keyedApp = await startHttpAppInProcess({ ...environment, AI_UNIVERSE_AUTH: "api-key" });
    mock.method(app.runtime, "log", (message: string) => logged.push(message));
  });
  afterEach(() => {
    logged.length = 0;
    mock.restoreAll();
    mock.method(app.runtime, "log", (message: string) => logged.push(message));
  });
  after(async () => {
    mock.restoreAll();
    await app?.stop();
    await keyedApp?.stop();
  });

  it("serves the routes of the one table, /api's among them, and the page's fallback for the rest", async () => {
    assert.deepEqual(await (await app.request("/ready")).json(), { ready: true });
    const me = await app.request("/api/me");
    assert.deepEqual((await me.json()) as unknown, {
      signedIn: true,
      authMode: "none",
      userId: "local",
      tier: "local",
    });
    const nothing = await app.request("/nothing-here");
    assert.equal(nothing.status, 404);
    assert.match(
      ((await nothing.json()) as { error: { message: string } }).error.message,
      /web page is at \//,
    );
    const noRoute = await app.request("/api/nothing", { method: "POST", headers: changing, body: "{}" });
    assert.deepEqual(await noRoute.json(), {
      error: { code: "not_found", message: "No POST /api/nothing in this API." },
    });
  });

  it("puts its steps in front of /api: X-Requested-With for a change, then the credentials", async () => {
    const unsent = await app.request("/api/conversations/x", { method: "DELETE" });
    assert.equal(unsent.status, 403);
    for (const path of ["/api/usage", "/api/nothing"]) {
      const refused = await keyedApp.request(path);
      assert.equal(refused.status, 401, path);
      assert.match(refused.headers.get("www-authenticate") ?? "", /^Bearer /);
    }
    assert.deepEqual(await (await keyedApp.request("/api/me")).json(), {
      signedIn: false,
      authMode: "api-key",
    });
    const signIn = await keyedApp.request("/api/session", {
      method: "POST",
      headers: changing,
      body: JSON.stringify({ credential: "aiu_000000000000.nothing" }),
    });
    assert.equal(signIn.status, 401, "sign-in is reached without credentials, and refuses a bad key");
  });

  it("answers a typed error with its code, status, details and Retry-After, and logs nothing", async () => {
    replace("usage", async () => {
      throw new ServiceError("rate_limited", "Too many requests: wait 7 s.", { retryAfterSeconds: 7 });
    });
    const answer = await app.request("/api/usage");
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
    replace("usage", async () => {
      throw new Error("the disk at /private/data is on fire");
    });
    const answer = await app.request("/api/usage?token=secret-in-query");
    assert.equal(answer.status, 500);
    const body = (await answer.json()) as { error: { code: string; message: string } };
    assert.equal(body.error.code, "internal_error");
    assert.doesNotMatch(JSON.stringify(body), /private|fire|at /);
    assert.equal(logged.length, 1);
    assert.match(logged[0] ?? "", /^GET \/api\/usage: Error: the disk at \/private\/data is on fire\n\s+at /);
    assert.doesNotMatch(logged[0] ?? "", /secret-in-query/);
  });

  it("reports an error of a consultation's stream under way as its last event, logged once", async () => {
    replace("secondOpinion", async (_caller, _input, options) => {
      options.onEvent?.({ type: "model-started", model: "alpha" } as never);
      throw new Error("lost halfway, at /private/data");
    });
    const answer = await app.request("/api/consultations", { method: "POST", headers: changing, body: "{}" });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get("content-type"), "text/event-stream");
    const events = [...(await answer.text()).matchAll(/^event: (\w+)\ndata: (.*)$/gm)];
    assert.deepEqual(
      events.map((event) => event[1]),
      ["progress", "error"],
    );
    const error = JSON.parse(events[1]?.[2] ?? "{}") as { code: string; message: string };
    assert.equal(error.code, "internal_error");
    assert.doesNotMatch(error.message, /private/);
    assert.equal(logged.length, 1);
    assert.match(logged[0] ?? "", /^POST \/api\/consultations: Error: lost halfway/);
  });

  it("answers a late-opinion stream's error before it starts with a status, and after with an event", async () => {
    replace("watchLateOpinions", async () => {
      throw new ServiceError("not_found", "No answer m-1 of yours.");
    });
    const refused = await app.request("/api/answers/m-1/late-opinions");
    assert.deepEqual(
      [refused.status, await refused.json()],
      [404, { error: { code: "not_found", message: "No answer m-1 of yours." } }],
    );
    replace("watchLateOpinions", async (_caller, _input, watch) => {
      watch.onTurn({} as never);
      throw new ServiceError("store_unavailable", "The database is locked; try again.");
    });
    const broken = await app.request("/api/answers/m-1/late-opinions");
    assert.equal(broken.status, 200);
    const text = await broken.text();
    assert.match(text, /^event: turn\n/);
    assert.match(
      text,
      /event: error\ndata: \{"code":"store_unavailable","message":"The database is locked; try again\."\}\n\n$/,
    );
    assert.deepEqual(logged, [], "an expected error is not logged");
  });
});
