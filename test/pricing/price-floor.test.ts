// A price data file that makes a model in use (nearly) free is refused like one that unprices it: a
// file of zeros, prices of 1e-300, an output price dropped to nothing, or any price more than ten times
// below the bundled data's. The data in use stays, nothing is saved, and the refresh error says which
// model and why; a smaller drop is taken, and a kept copy of zeros is not used at a later start.

import assert from "node:assert/strict";
import { existsSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { findProvider } from "@pydantic/genai-prices";
import { costOf, priceProviderIds } from "../../src/pricing/price-data.ts";
import { priceDataInfo, startPriceRefresh } from "../../src/pricing/price-source.ts";
import { adoptPricesIfTheyHold } from "../../src/pricing/price-trial.ts";
import { temporaryDirectory } from "../support/temporary-directory.ts";

const model = { provider: "openai", modelId: "gpt-6-sol" };
const input = { inputTokens: 1_000_000, outputTokens: 0 };
const output = { inputTokens: 0, outputTokens: 1_000_000 };

/** The bundled data of every vendor priced here, each model's prices changed by `price`. */
function dataPricing(price: (value: number, key: string, modelId: string) => number): unknown[] {
  const reprice = (prices: unknown, modelId: string): unknown =>
    Object.fromEntries(
      Object.entries(prices as Record<string, unknown>).map(([key, value]) => [
        key,
        typeof value === "number"
          ? price(value, key, modelId)
          : {
              ...(value as object),
              base: price((value as { base: number }).base, key, modelId),
              tiers: (value as { tiers: { start: number; price: number }[] }).tiers.map((tier) => ({
                ...tier,
                price: price(tier.price, key, modelId),
              })),
            },
      ]),
    );
  return Object.values(priceProviderIds).map((providerId) => {
    const provider = findProvider({ providerId });
    assert.ok(provider, providerId);
    return {
      ...provider,
      models: provider.models.map((entry) => ({
        ...entry,
        prices: Array.isArray(entry.prices)
          ? entry.prices.map((conditional) => ({
              ...conditional,
              prices: reprice(conditional.prices, entry.id),
            }))
          : reprice(entry.prices, entry.id),
      })),
    };
  });
}

/** The data in use when this file starts (the program's one copy), to put back after a test changes it. */
const dataAtStart = dataPricing((value) => value);

describe("a price data file that makes models free", () => {
  let server: Server;
  let url = "";
  let body = "[]";
  before(async () => {
    server = createServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/data.json`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** Refreshes from a file of `data`: the refresh error, whether a copy was saved, and the costs after. */
  async function refreshWith(data: unknown[]) {
    body = JSON.stringify(data);
    const cachePath = join(temporaryDirectory("prices"), "price-data.json");
    const before = [costOf(model, input), costOf(model, output)];
    const refresh = startPriceRefresh({ url, cachePath, modelsInUse: [model] });
    await refresh.ready;
    refresh.stop();
    assert.deepEqual([costOf(model, input), costOf(model, output)], before, "the data in use changed");
    return { error: priceDataInfo().refreshError ?? "", saved: existsSync(cachePath) };
  }

  const cases: [string, Parameters<typeof dataPricing>[0], RegExp][] = [
    [
      "every price zero",
      () => 0,
      /prices openai model "gpt-6-sol", which is in use, at \$0 per million input/,
    ],
    ["every price 1e-300", () => 1e-300, /at \$0 per million input tokens, more than 10 times below/],
    [
      "the output price of the model in use zero",
      (value, key, modelId) => (modelId === model.modelId && key === "output_mtok" ? 0 : value),
      /at \$0 per million output tokens, more than 10 times below the \$\d[\d.]* of the bundled data/,
    ],
    [
      "a price twenty times below the bundled data's",
      (value, _key, modelId) => (modelId === model.modelId ? value / 20 : value),
      /more than 10 times below the \$\d[\d.]* of the bundled data/,
    ],
  ];
  for (const [name, price, reason] of cases) {
    it(`refuses a file with ${name}, keeps the data in use, says why and saves nothing`, async () => {
      const { error, saved } = await refreshWith(dataPricing(price));
      assert.match(error, /^Price data from 127\.0\.0\.1:\d+ was refused: /);
      assert.match(error, reason);
      assert.equal(saved, false, "the refused file was saved");
    });
  }

  it("takes a price that falls less than tenfold", () => {
    const before = costOf(model, output) ?? 0;
    assert.ok(before > 0);
    try {
      adoptPricesIfTheyHold(
        dataPricing((value, _key, modelId) => (modelId === model.modelId ? value / 5 : value)),
        [model],
      );
      assert.equal(costOf(model, output), Math.round((before / 5) * 1e8) / 1e8);
    } finally {
      adoptPricesIfTheyHold(dataAtStart, [model]);
    }
    assert.equal(costOf(model, output), before);
  });

  it("does not use a kept copy of zeros at a later start", async () => {
    const cachePath = join(temporaryDirectory("prices"), "price-data.json");
    const fetchedAt = new Date().toISOString();
    writeFileSync(cachePath, JSON.stringify({ fetchedAt, url, providers: dataPricing(() => 0) }));
    body = "[]";
    const before = costOf(model, output);
    const refresh = startPriceRefresh({ url, cachePath, modelsInUse: [model] });
    await refresh.ready;
    refresh.stop();
    assert.equal(costOf(model, output), before);
    assert.ok((before ?? 0) > 0);
  });
});
