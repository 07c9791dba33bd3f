// The cost of a call is the price data's own calculation of the reported usage: cached input,
// reasoning, long-context tiers and search fees; models the data does not price have no cost.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { calcPrice } from "@pydantic/genai-prices";
import { loadConfiguration } from "../../src/configuration/configuration.ts";
import { costOf, modelFacts } from "../../src/pricing/price-data.ts";

const models = loadConfiguration({ environment: {} }).models;
const entry = (name: string) => {
  const found = models.find((model) => model.name === name);
  assert.ok(found, name);
  return found;
};

/** The price data's own total for a usage in its terms. */
function expected(providerId: string, modelId: string, usage: Record<string, number>): number {
  const result = calcPrice(usage, modelId, { providerId });
  assert.ok(result, `${providerId}/${modelId} is priced`);
  return Math.round(result.total_price * 1e8) / 1e8;
}

describe("costOf", () => {
  it("prices cached input at the cached rate, as the price data does", () => {
    const claude = entry("claude");
    const cost = costOf(claude, { inputTokens: 10_000, cacheReadTokens: 8_000, outputTokens: 500 });
    assert.equal(
      cost,
      expected("anthropic", claude.modelId, {
        input_tokens: 10_000,
        cache_read_tokens: 8_000,
        output_tokens: 500,
      }),
    );
    assert.ok((cost ?? 0) < (costOf(claude, { inputTokens: 10_000, outputTokens: 500 }) ?? 0));
  });

  it("prices reasoning tokens as part of the output", () => {
    const openai = entry("openai");
    const cost = costOf(openai, { inputTokens: 1_000, outputTokens: 3_000, reasoningTokens: 2_500 });
    assert.equal(
      cost,
      expected("openai", openai.modelId, {
        input_tokens: 1_000,
        output_tokens: 3_000,
        output_reasoning_tokens: 2_500,
      }),
    );
  });

  it("charges the long-context tier above its threshold", () => {
    const gemini = entry("gemini");
    const tier = modelFacts(gemini).price?.tierAboveInputTokens;
    assert.ok(tier, "Gemini Pro has a long-context tier");
    const below = costOf(gemini, { inputTokens: tier - 1, outputTokens: 1_000 }) ?? 0;
    const above = costOf(gemini, { inputTokens: tier + 1, outputTokens: 1_000 }) ?? 0;
    assert.equal(above, expected("google", gemini.modelId, { input_tokens: tier + 1, output_tokens: 1_000 }));
    // Above the threshold every token costs more, not just the ones past it.
    assert.ok(above > below * 1.5, `${above} vs ${below}`);
  });

  it("adds search fees where the vendor charges per search, and Perplexity's request fee", () => {
    const claude = entry("claude");
    const plain = costOf(claude, { inputTokens: 1_000, outputTokens: 100 }) ?? 0;
    const searched = costOf(claude, { inputTokens: 1_000, outputTokens: 100, webSearches: 3 }) ?? 0;
    const perSearch = (modelFacts(claude).price?.webSearchPerThousand ?? 0) / 1000;
    assert.ok(perSearch > 0);
    assert.equal(Math.round((searched - plain) * 1e8) / 1e8, Math.round(3 * perSearch * 1e8) / 1e8);
    const sonar = entry("perplexity");
    assert.equal(
      costOf(sonar, { inputTokens: 1_000, outputTokens: 100 }),
      expected("perplexity", sonar.modelId, { input_tokens: 1_000, output_tokens: 100 }),
    );
    assert.ok((modelFacts(sonar).price?.requestPerThousand ?? 0) > 0);
  });

  it("uses the config file's prices when set, and has no cost for a model nobody prices", () => {
    const configured = {
      provider: "openai-compatible",
      modelId: "local",
      inputPricePerMillion: 1,
      outputPricePerMillion: 2,
    };
    assert.equal(costOf(configured, { inputTokens: 1_000_000, outputTokens: 500_000 }), 2);
    assert.equal(
      costOf({ provider: "openai", modelId: "no-such-model-anywhere" }, { inputTokens: 1, outputTokens: 1 }),
      undefined,
    );
    assert.equal(
      costOf({ provider: "ollama", modelId: "llama3.2" }, { inputTokens: 1, outputTokens: 1 }),
      undefined,
    );
  });
});

describe("modelFacts", () => {
  it("flags what the price data marks deprecated, and gives context windows", () => {
    assert.equal(modelFacts({ provider: "cerebras", modelId: "llama-3.3-70b" }).deprecated, true);
    const cerebras = modelFacts(entry("cerebras"));
    assert.equal(cerebras.deprecated, false);
    assert.ok((cerebras.contextWindow ?? 0) > 100_000);
    assert.equal(entry("cerebras").contextWindow, cerebras.contextWindow);
  });
});
