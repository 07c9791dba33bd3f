// A price data file that would break prices is refused whole, before it is used or saved, and the data
// in use stays: negative, non-numeric or absurd prices, a file that leaves vendors out or unprices a
// model in use, one past the size cap (announced or not), a plain-http URL to another machine, and a
// kept copy that fails the same checks.

import assert from "node:assert/strict";
import { existsSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { findProvider } from "@pydantic/genai-prices";
import { costOf, priceProviderIds } from "../../src/pricing/price-data.ts";
import { priceDataInfo, priceRefreshFrom, startPriceRefresh } from "../../src/pricing/price-source.ts";
import { temporaryDirectory } from "../support/temporary-directory.ts";

const usage = { inputTokens: 1_000_000, outputTokens: 1_000_000 };
const model = { provider: "openai", modelId: "gpt-6-sol" };

/** The data of every vendor priced here, with gpt-6-sol's entry changed by `change`. */
function dataWith(
  change: (entry: Record<string, unknown>) => Record<string, unknown> | undefined,
): unknown[] {
  return Object.values(priceProviderIds).map((providerId) => {
    const provider = findProvider({ providerId });
    assert.ok(provider, providerId);
    const models = provider.models.flatMap((entry) =>
      entry.id === model.modelId ? (change(entry as never) ?? []) : [entry],
    );
    return { ...provider, models };
  });
}

describe("a hostile price data file", () => {
  let server: Server;
  let url = "";
  /** What the server answers: a body, or `endless` megabytes sent without a length. */
  let answer: { body?: string; endless?: number } = {};
  before(async () => {
    server = createServer((_request, response) => {
      if (answer.endless) {
        response.writeHead(200, { "content-type": "application/json" });
        let sent = 0;
        const more = () => {
          while (sent < (answer.endless ?? 0)) {
            sent += 1;
            if (!response.write(`[${"0,".repeat(512 * 1024 - 1)}0]`))
              return void response.once("drain", more);
          }
          response.end();
        };
        response.on("error", () => {});
        return more();
      }
      response.writeHead(200, { "content-type": "application/json" });
      response.end(answer.body ?? "[]");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/data.json`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** Refreshes from the server answering `body`; returns the refresh error and whether a copy was written. */
  async function refreshWith(served: typeof answer) {
    answer = served;
    const cachePath = join(temporaryDirectory("prices"), "price-data.json");
    const before = costOf(model, usage);
    const refresh = startPriceRefresh({ url, cachePath, modelsInUse: [model] });
    await refresh.ready;
    refresh.stop();
    assert.equal(costOf(model, usage), before, "the data in use changed");
    return { error: priceDataInfo().refreshError ?? "", saved: existsSync(cachePath) };
  }

  const cases: [string, typeof answer, RegExp][] = [
    [
      "a negative price",
      {
        body: JSON.stringify(dataWith((entry) => ({ ...entry, prices: { input_mtok: -5, output_mtok: 1 } }))),
      },
      /"openai" model "gpt-6-sol" input_mtok is -5, not a price/,
    ],
    [
      "a price that is not a number",
      {
        body: JSON.stringify(
          dataWith((entry) => ({ ...entry, prices: { input_mtok: "free", output_mtok: 1 } })),
        ),
      },
      /input_mtok is "free", not a price/,
    ],
    [
      "an absurd price",
      {
        body: JSON.stringify(
          dataWith((entry) => ({ ...entry, prices: { input_mtok: 1e9, output_mtok: 1 } })),
        ),
      },
      /more than the plausible 10000/,
    ],
    [
      "models that are not a list",
      { body: '[{"id":"cerebras","models":5}]' },
      /"cerebras" has no list of models/,
    ],
    ["an empty list", { body: "[]" }, /it leaves out "openai", "anthropic"/],
    [
      "a model in use left out",
      { body: JSON.stringify(dataWith(() => undefined)) },
      /no usable price for openai model "gpt-6-sol", which is in use/,
    ],
    ["a body that is not JSON", { body: "<html>" }, /is not JSON/],
    [
      "a body past the size cap, sent without a length",
      { endless: 20 },
      /larger than 16 MiB, so it was refused/,
    ],
  ];
  for (const [name, served, reason] of cases) {
    it(`refuses ${name}, keeps the data in use and saves nothing`, async () => {
      const { error, saved } = await refreshWith(served);
      assert.match(error, reason);
      assert.equal(saved, false, "the refused file was saved");
    });
  }

  it("ignores a kept copy that fails the checks, and starts on the data in use", async () => {
    const cachePath = join(temporaryDirectory("prices"), "price-data.json");
    const fetchedAt = new Date().toISOString();
    writeFileSync(cachePath, JSON.stringify({ fetchedAt, url, providers: [{ id: "cerebras", models: 5 }] }));
    answer = { body: "[]" };
    const before = costOf(model, usage);
    const refresh = startPriceRefresh({ url, cachePath, modelsInUse: [model] });
    await refresh.ready;
    refresh.stop();
    assert.equal(costOf(model, usage), before);
    assert.match(priceDataInfo().refreshError ?? "", /leaves out/, "a refused copy is fetched again at once");
  });

  it("takes https, and plain http only to this machine", () => {
    assert.throws(
      () => priceRefreshFrom({ AI_UNIVERSE_PRICE_REFRESH: "http://prices.example.com/data.json" }, "/x"),
      /must be an https URL \(plain http only to this machine\)/,
    );
    assert.ok(priceRefreshFrom({ AI_UNIVERSE_PRICE_REFRESH: "https://prices.example.com/data.json" }, "/x"));
    assert.ok(priceRefreshFrom({ AI_UNIVERSE_PRICE_REFRESH: "http://localhost:8080/data.json" }, "/x"));
    assert.ok(priceRefreshFrom({ AI_UNIVERSE_PRICE_REFRESH: "http://127.0.0.1:8080/data.json" }, "/x"));
  });
});
