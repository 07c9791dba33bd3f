// Price data refresh: off unless the operator turns it on; then the published file is fetched,
// used for every price, kept for an offline restart (readable by its owner alone), and a failed fetch
// keeps the data in use.

import assert from "node:assert/strict";
import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import { after, before, describe, it } from "node:test";
import { findProvider, REMOTE_DATA_JSON_URL } from "@pydantic/genai-prices";
import { costOf, priceProviderIds } from "../../src/pricing/price-data.ts";
import { priceDataInfo, priceRefreshFrom, startPriceRefresh } from "../../src/pricing/price-source.ts";
import { temporaryDirectory } from "../support/temporary-directory.ts";

const usage = { inputTokens: 1_000_000, outputTokens: 0 };
const model = { provider: "openai", modelId: "gpt-6-sol" };

/** The bundled data of every vendor priced here, with gpt-6-sol's input price set to $100 per million. */
function publishedData(): unknown[] {
  return Object.values(priceProviderIds).map((providerId) => {
    const provider = findProvider({ providerId });
    assert.ok(provider, providerId);
    return {
      ...provider,
      models: provider.models.map((entry) =>
        entry.id === "gpt-6-sol" ? { ...entry, prices: { input_mtok: 100, output_mtok: 200 } } : entry,
      ),
    };
  });
}

describe("price data refresh", () => {
  let server: Server;
  let url = "";
  let requests = 0;
  let failing = false;
  before(async () => {
    server = createServer((_request, response) => {
      requests += 1;
      response.writeHead(failing ? 503 : 200, { "content-type": "application/json" });
      response.end(failing ? "{}" : JSON.stringify(publishedData()));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/data.json`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("is off unless AI_UNIVERSE_PRICE_REFRESH turns it on, and names a bad value", () => {
    assert.equal(priceRefreshFrom({}, "/x"), undefined);
    assert.equal(priceRefreshFrom({ AI_UNIVERSE_PRICE_REFRESH: "off" }, "/x"), undefined);
    assert.equal(priceRefreshFrom({ AI_UNIVERSE_PRICE_REFRESH: "on" }, "/x")?.url, REMOTE_DATA_JSON_URL);
    assert.equal(priceRefreshFrom({ AI_UNIVERSE_PRICE_REFRESH: url }, "/x")?.url, url);
    assert.throws(
      () => priceRefreshFrom({ AI_UNIVERSE_PRICE_REFRESH: "daily" }, "/x"),
      /"daily" is not "on", "off"/,
    );
    assert.equal(priceDataInfo().source, "bundled");
  });

  it("keeps the bundled data when the fetch fails, and says why", async () => {
    failing = true;
    const cachePath = join(temporaryDirectory("prices"), "price-data.json");
    const before = costOf(model, usage);
    const refresh = startPriceRefresh({ url, cachePath });
    await refresh.ready;
    refresh.stop();
    assert.equal(costOf(model, usage), before);
    assert.equal(priceDataInfo().source, "bundled");
    assert.match(priceDataInfo().refreshError ?? "", /HTTP 503/);
    assert.equal(existsSync(cachePath), false);
    failing = false;
  });

  it("uses the fetched data for every price, and keeps a copy that a restart uses without fetching", async () => {
    // In a directory not made yet, as beside a first database: made 0700, the copy 0600.
    const cachePath = join(temporaryDirectory("prices"), "ai-universe", "price-data.json");
    assert.ok((costOf(model, usage) ?? 0) < 100);
    const first = startPriceRefresh({ url, cachePath });
    await first.ready;
    first.stop();
    assert.equal(costOf(model, usage), 100);
    assert.equal(priceDataInfo().source, "refreshed");
    assert.equal(priceDataInfo().date, new Date().toISOString().slice(0, 10));
    assert.ok(existsSync(cachePath));
    assert.equal(statSync(cachePath).mode & 0o777, 0o600, "others can read the price data copy");
    assert.equal(statSync(dirname(cachePath)).mode & 0o777, 0o700);
    assert.ok(
      !readFileSync(cachePath, "utf8").includes(url),
      "the copy keeps the URL, which may hold a token",
    );

    const fetched = requests;
    const second = startPriceRefresh({ url, cachePath });
    await second.ready;
    second.stop();
    assert.equal(requests, fetched, "a copy younger than a day is not fetched again");
    assert.equal(costOf(model, usage), 100);

    const later = startPriceRefresh({ url, cachePath, now: () => Date.now() + 2 * 24 * 60 * 60 * 1000 });
    await later.ready;
    later.stop();
    assert.equal(requests, fetched + 1, "a copy older than a day is fetched again");
  });
});
