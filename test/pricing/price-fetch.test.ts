// Where a price data file is fetched from, and what its errors say. Every redirect is held to the rule
// the URL is (https, or plain http only to this machine) before anything is sent to where it points, and
// https never steps down to plain http; a user and password in the URL go as HTTP Basic to that URL's
// own origin alone; and no error or start message carries the URL's credentials or query. Only loopback
// traffic: a redirect to another machine is caught by a fetch that refuses, and records, any request it
// is asked to send anywhere else, or to follow redirects unseen.

import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { findProvider } from "@pydantic/genai-prices";
import { costOf, priceProviderIds } from "../../src/pricing/price-data.ts";
import { fetchPriceFile } from "../../src/pricing/price-fetch.ts";
import { priceDataInfo, priceRefreshFrom, startPriceRefresh } from "../../src/pricing/price-source.ts";
import { temporaryDirectory } from "../support/temporary-directory.ts";

const model = { provider: "openai", modelId: "gpt-6-sol" };
const usage = { inputTokens: 1_000_000, outputTokens: 1_000_000 };
const bundledData = JSON.stringify(
  Object.values(priceProviderIds).map((providerId) => findProvider({ providerId })),
);

/** Whether `url` names this machine. */
const loopback = (url: URL) => ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);

/**
 * A fetch that sends requests to this machine alone, and only as single requests whose redirects its
 * caller sees: anything else is refused before a connection, and every address asked for is recorded.
 */
function loopbackFetch(asked: string[]): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    asked.push(url.href);
    if (!loopback(url)) throw new Error(`the test refuses to connect to ${url.host}`);
    if (init?.redirect !== "manual") throw new Error("the test refuses to follow redirects unseen");
    return fetch(url, init);
  };
}

/** A fetch that sends nothing: each address gets `answer(url)`. */
function fakeFetch(asked: string[], answer: (url: URL) => Response): typeof fetch {
  return async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    asked.push(url.href);
    return answer(url);
  };
}

const redirect = (location: string) => new Response(null, { status: 302, headers: { location } });

describe("fetching price data", () => {
  let server: Server;
  let base = "";
  const authorizations: (string | undefined)[] = [];
  before(async () => {
    server = createServer((request, response) => {
      authorizations.push(request.headers.authorization);
      const path = new URL(request.url ?? "/", "http://localhost").pathname;
      const moved = {
        "/to-another-machine": "http://192.0.2.2/zero.json",
        "/to-here": "/data.json",
        "/loop": "/loop",
      }[path];
      if (moved) return void response.writeHead(302, { location: moved }).end();
      if (path === "/private.json" && request.headers.authorization !== "Basic dXNlcjpUT0tFTi0xMjM=") {
        return void response.writeHead(401).end();
      }
      if (path === "/unavailable.json") return void response.writeHead(503).end();
      response.writeHead(200, { "content-type": "application/json" }).end(bundledData);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("refuses a redirect to plain http on another machine without connecting there, and keeps the data", async () => {
    const asked: string[] = [];
    const cachePath = join(temporaryDirectory("prices"), "price-data.json");
    const before = costOf(model, usage);
    const refresh = startPriceRefresh({
      url: `${base}/to-another-machine`,
      cachePath,
      modelsInUse: [model],
      fetch: loopbackFetch(asked),
    });
    await refresh.ready;
    refresh.stop();
    assert.deepEqual(asked, [`${base}/to-another-machine`], "another address was asked for");
    assert.match(
      priceDataInfo().refreshError ?? "",
      /redirected to plain http on 192\.0\.2\.2, another machine .*, so it was refused and not fetched/,
    );
    assert.equal(costOf(model, usage), before);
    assert.equal(existsSync(cachePath), false);
  });

  it("refuses a step down from https to plain http, even to this machine, before sending anything", async () => {
    for (const location of ["http://192.0.2.2/zero.json", `${base}/data.json`]) {
      const asked: string[] = [];
      await assert.rejects(
        fetchPriceFile(
          "https://prices.example.com/data.json",
          fakeFetch(asked, () => redirect(location)),
        ),
        /Price data from prices\.example\.com redirected from https down to http on .*, so it was refused and not fetched/,
      );
      assert.deepEqual(asked, ["https://prices.example.com/data.json"]);
    }
  });

  it("follows a redirect that keeps to the rule, and stops after five", async () => {
    const asked: string[] = [];
    const data = await fetchPriceFile(`${base}/to-here`, loopbackFetch(asked));
    assert.equal(data.length, Object.keys(priceProviderIds).length);
    assert.deepEqual(asked, [`${base}/to-here`, `${base}/data.json`]);
    const https = await fetchPriceFile(
      "https://prices.example.com/data.json",
      fakeFetch([], (url) =>
        url.hostname === "prices.example.com"
          ? redirect("https://cdn.example.net/data.json")
          : new Response(bundledData, { status: 200 }),
      ),
    );
    assert.equal(https.length, data.length);
    await assert.rejects(fetchPriceFile(`${base}/loop`, loopbackFetch([])), /redirected more than 5 times/);
  });

  it("sends a user and password in the URL as HTTP Basic, to that URL's origin alone", async () => {
    authorizations.length = 0;
    const data = await fetchPriceFile(`http://user:TOKEN-123@${base.slice("http://".length)}/private.json`);
    assert.equal(data.length, Object.keys(priceProviderIds).length);
    assert.deepEqual(authorizations, ["Basic dXNlcjpUT0tFTi0xMjM="]);
    const asked: (string | undefined)[] = [];
    await fetchPriceFile("https://user:TOKEN-123@prices.example.com/data.json", async (input, init) => {
      const url = new URL(String(input));
      asked.push(`${url.host} ${new Headers(init?.headers).get("authorization") ?? "none"}`);
      return url.host === "prices.example.com"
        ? redirect("https://cdn.example.net/data.json")
        : new Response(bundledData, { status: 200 });
    });
    assert.deepEqual(asked, ["prices.example.com Basic dXNlcjpUT0tFTi0xMjM=", "cdn.example.net none"]);
  });

  it("never puts the URL's credentials or query in an error", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const host = base.slice("http://".length);
    const secrets = /TOKEN-123|QUERY-456|user:|key=/;
    for (const [url, reason, guarded] of [
      [`http://user:TOKEN-123@${host}/unavailable.json?key=QUERY-456`, /answered HTTP 503/, false],
      [`http://user:TOKEN-123@127.0.0.1:${closedPort}/data.json?key=QUERY-456`, /ECONNREFUSED/, false],
      [`http://user:TOKEN-123@${host}/to-another-machine?key=QUERY-456`, /redirected to plain http/, true],
    ] as const) {
      const refresh = startPriceRefresh({
        url,
        cachePath: join(temporaryDirectory("prices"), "price-data.json"),
        ...(guarded ? { fetch: loopbackFetch([]) } : {}),
      });
      await refresh.ready;
      refresh.stop();
      const { refreshError = "", refreshHost = "" } = priceDataInfo();
      assert.doesNotMatch(`${refreshError} ${refreshHost}`, secrets, url);
      assert.match(refreshError, /^(Could not fetch price data|Price data) from 127\.0\.0\.1:\d+/);
      assert.match(refreshError, reason, url);
    }
    for (const value of [
      "ftp://user:TOKEN-123@prices.example.com/x?key=QUERY-456",
      "http://user:TOKEN-123@prices.example.com/x?key=QUERY-456",
    ]) {
      assert.throws(
        () => priceRefreshFrom({ AI_UNIVERSE_PRICE_REFRESH: value }, "/x"),
        (error: Error) => !secrets.test(error.message) && /AI_UNIVERSE_PRICE_REFRESH/.test(error.message),
      );
    }
  });
});
