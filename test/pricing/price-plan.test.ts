// A model's price compiled once (src/pricing/price-plan.ts) gives the very total the price data's
// own calcPrice gives, to the last bit, for every model of every provider we price, over a table of
// usages (tiers, cached input, reasoning, searches) and dates on both sides of price changes; and a
// call priced through costOf costs what calcPrice says.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { calcPrice, findProvider, type ModelInfo } from "@pydantic/genai-prices";
import { loadConfiguration } from "../../src/configuration/configuration.ts";
import { costOf, hasPrice, modelFacts, priceProviderIds } from "../../src/pricing/price-data.ts";
import { applyPlan, type PlanUsage, planAt, priceSchedule } from "../../src/pricing/price-plan.ts";

const inputs = [0, 1, 1_000, 128_000, 128_001, 200_000, 200_001, 272_000, 272_001, 1_500_000];
const usages: PlanUsage[] = inputs.flatMap((input) => [
  { input_tokens: input, output_tokens: 0 },
  { input_tokens: input, output_tokens: 733 },
  { input_tokens: input, output_tokens: 4_000, output_reasoning_tokens: 3_100 },
  { input_tokens: input, output_tokens: 250, cache_read_tokens: Math.floor(input * 0.8) },
  { input_tokens: input, output_tokens: 250, cache_write_tokens: Math.floor(input / 3) },
  {
    input_tokens: input,
    output_tokens: 1_200,
    cache_read_tokens: Math.floor(input / 2),
    cache_write_tokens: Math.floor(input / 4),
    output_reasoning_tokens: 1_200,
    web_searches: 3,
  },
]);
const dates = ["2023-06-01", "2025-09-15", "2026-08-12", "2030-01-01"].map(
  (day) => new Date(`${day}T12:00:00Z`),
);

/** Every model of the providers this program reaches, with its price data provider id. */
function pricedModels(): { providerName: string; providerId: string; model: ModelInfo }[] {
  return Object.entries(priceProviderIds).flatMap(([providerName, providerId]) =>
    (findProvider({ providerId })?.models ?? []).map((model) => ({ providerName, providerId, model })),
  );
}

/** calcPrice's total, "refused" when it throws, undefined when the model's own id does not find it. */
function calculated(
  usage: PlanUsage,
  model: ModelInfo,
  providerId: string,
  at: Date,
): number | "refused" | undefined {
  const provider = findProvider({ providerId });
  assert.ok(provider);
  try {
    const result = calcPrice({ ...usage }, model.id, {
      provider: { ...provider, models: [model] },
      timestamp: at,
    });
    return result?.total_price;
  } catch {
    return "refused";
  }
}

describe("a compiled price", () => {
  it("totals exactly what calcPrice totals, for every priced model, usage and date", () => {
    let planned = 0;
    let compared = 0;
    const models = pricedModels();
    assert.ok(models.length > 100, `${models.length} models`);
    for (const { providerId, model } of models) {
      const provider = findProvider({ providerId });
      assert.ok(provider);
      const schedule = priceSchedule(model, provider);
      if (schedule?.every((entry) => entry.plan)) planned++;
      for (const at of dates) {
        const plan = schedule && planAt(schedule, at.getTime());
        if (!plan) continue;
        for (const usage of usages) {
          const expected = calculated(usage, model, providerId, at);
          if (expected === undefined) continue;
          const total = applyPlan(plan, usage);
          assert.equal(
            total ?? "refused",
            expected,
            `${providerId}/${model.id} at ${at.toISOString()}: ${JSON.stringify(usage)}`,
          );
          compared++;
        }
      }
    }
    // Nearly every model is priced in the units a call reports; the rest fall back to calcPrice.
    assert.ok(planned > models.length * 0.95, `${planned} of ${models.length} models compiled`);
    assert.ok(compared > 10_000, `${compared} totals compared`);
  });

  it("has no plan for a price the data refuses, or one by time of day", () => {
    const provider = findProvider({ providerId: "openai" });
    assert.ok(provider);
    const model = (prices: unknown) => ({ id: "m", match: { equals: "m" }, prices }) as unknown as ModelInfo;
    // A price for cached input needs one for input, which it is a part of.
    assert.equal(
      priceSchedule(model({ cache_read_mtok: 1, output_mtok: 2 }), provider)?.[0]?.plan,
      undefined,
    );
    // A unit no call of ours reports is accepted and bills nothing.
    assert.ok(
      priceSchedule(model({ input_mtok: 1, output_mtok: 2, input_audio_mtok: 5 }), provider)?.[0]?.plan,
    );
    const byHour = {
      prices: [
        { prices: { input_mtok: 1, output_mtok: 2 } },
        {
          constraint: { type: "time_of_date", start_time: "16:30:00Z", end_time: "00:30:00Z" },
          prices: { input_mtok: 0.5, output_mtok: 1 },
        },
      ],
    } as unknown as ModelInfo;
    assert.equal(priceSchedule(byHour, provider), undefined);
  });
});

describe("costOf through the compiled price", () => {
  it("has a plan for every model of the default configuration that the price data prices", () => {
    for (const entry of loadConfiguration({ environment: {} }).models) {
      const providerId = priceProviderIds[entry.provider];
      if (!providerId) continue;
      const found = calcPrice({ input_tokens: 0, output_tokens: 0 }, entry.modelId, { providerId });
      if (!found) continue;
      const schedule = priceSchedule(found.model, found.provider);
      assert.ok(
        schedule?.every((price) => price.plan),
        `${entry.name} (${entry.modelId}) has a plan`,
      );
    }
  });

  it("says a model has a price exactly when its facts give one, for every model and date", () => {
    let priced = 0;
    for (const { providerName, model } of pricedModels()) {
      for (const at of dates) {
        const entry = { provider: providerName, modelId: model.id };
        assert.equal(
          hasPrice(entry, at),
          modelFacts(entry, at).price !== undefined,
          `${model.id} at ${at.toISOString()}`,
        );
        if (hasPrice(entry, at)) priced += 1;
      }
    }
    assert.ok(priced > 0, "some models are priced");
    const configured = {
      provider: "ollama",
      modelId: "llama3",
      inputPricePerMillion: 0,
      outputPricePerMillion: 0,
    };
    assert.equal(hasPrice(configured), true);
    assert.equal(hasPrice({ provider: "ollama", modelId: "llama3" }), false);
  });

  it("costs what calcPrice says for each of our providers' models", () => {
    for (const { providerName, providerId, model } of pricedModels()) {
      const usage = {
        inputTokens: 300_000,
        outputTokens: 2_000,
        cacheReadTokens: 100_000,
        reasoningTokens: 500,
      };
      let want: number | undefined | "refused";
      try {
        const expected = calcPrice(
          {
            input_tokens: 300_000,
            output_tokens: 2_000,
            cache_read_tokens: 100_000,
            output_reasoning_tokens: 500,
          },
          model.id,
          { providerId, timestamp: dates[2] },
        );
        want = expected ? Math.round(expected.total_price * 1e8) / 1e8 : undefined;
      } catch {
        want = "refused";
      }
      let cost: number | undefined | "refused";
      try {
        cost = costOf({ provider: providerName, modelId: model.id }, usage, dates[2]);
      } catch {
        cost = "refused";
      }
      assert.equal(cost, want, `${providerId}/${model.id}`);
    }
  });
});
