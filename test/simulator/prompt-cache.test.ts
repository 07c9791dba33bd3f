// Prompt-cache usage through every real AI SDK provider: scripted cached (and, for Anthropic and
// OpenRouter, written) input tokens come back as `inputTokenDetails`, with `inputTokens` counting them in,
// whichever way the vendor splits them on the wire.

import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { generateText, streamText } from "ai";

// Keeps the AI SDK from printing compatibility warnings about the simulated (unknown) model ids.
Object.assign(globalThis, { AI_SDK_LOG_WARNINGS: false });

import { providerCaseNamed, providerCases } from "./provider-cases.ts";
import { type ProviderSimulator, startProviderSimulator } from "./provider-simulator.ts";

const prompt = "Summarise the attached handbook again.";
const usage = { inputTokens: 1000, outputTokens: 20, cachedInputTokens: 600, cacheWriteTokens: 100 };

let simulator: ProviderSimulator;
before(async () => {
  simulator = await startProviderSimulator();
});
after(() => simulator.close());
beforeEach(() => simulator.reset());

for (const providerCase of providerCases) {
  describe(`${providerCase.name}: prompt cache`, () => {
    for (const mode of ["generateText", "streamText"]) {
      if (mode === "streamText" && !providerCase.streamsUsage) continue;
      test(`${mode} reports the cached input tokens inside the input tokens`, async () => {
        simulator.setBehaviour(providerCase.modelId, { usage });
        const settings = { model: providerCase.createModel(simulator.url), prompt, maxRetries: 0 };
        const result = mode === "generateText" ? await generateText(settings) : streamText(settings);
        const received = await result.usage;
        assert.equal(received.inputTokens, 1000);
        assert.equal(
          received.inputTokenDetails.cacheReadTokens,
          providerCase.cache === "none" ? undefined : 600,
        );
        assert.equal(
          received.inputTokenDetails.cacheWriteTokens,
          providerCase.cache === "read-write" ? 100 : undefined,
        );
        assert.equal(received.outputTokens, 20);
      });
    }
  });
}

describe("vendor details of the prompt cache", () => {
  test("Anthropic's input_tokens leave out the cache reads and writes", async () => {
    const anthropic = providerCaseNamed("anthropic");
    simulator.setBehaviour(anthropic.modelId, { usage });
    const result = await generateText({ model: anthropic.createModel(simulator.url), prompt, maxRetries: 0 });
    assert.deepEqual(result.usage.raw, {
      input_tokens: 300,
      cache_creation_input_tokens: 100,
      cache_read_input_tokens: 600,
      output_tokens: 20,
    });
    assert.equal(result.usage.inputTokenDetails.noCacheTokens, 300);
  });

  test("Gemini counts cachedContentTokenCount inside promptTokenCount", async () => {
    const google = providerCaseNamed("google");
    simulator.setBehaviour(google.modelId, { usage });
    const result = await generateText({ model: google.createModel(simulator.url), prompt, maxRetries: 0 });
    assert.deepEqual(result.usage.raw, {
      promptTokenCount: 1000,
      candidatesTokenCount: 20,
      totalTokenCount: 1020,
      cachedContentTokenCount: 600,
    });
    assert.equal(result.usage.inputTokenDetails.noCacheTokens, 400);
  });
});
