// Drives the simulator through every real AI SDK provider: text, usage and sources, plain and streamed.
// Sources come back only when the call asks for the vendor's web search (Perplexity always searches).

import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { APICallError, generateText, streamText } from "ai";

// Keeps the AI SDK from printing compatibility warnings about the simulated (unknown) model ids.
Object.assign(globalThis, { AI_SDK_LOG_WARNINGS: false });

import { providerCases } from "./provider-cases.ts";
import { type ProviderSimulator, startProviderSimulator } from "./provider-simulator.ts";

const citations = [
  { url: "https://example.org/paris", title: "Paris - Example", snippet: "Paris is the capital of France." },
  { url: "https://example.com/france", title: "France facts" },
];
const prompt = "What is the capital of France?";

let simulator: ProviderSimulator;
before(async () => {
  simulator = await startProviderSimulator();
});
after(() => simulator.close());
beforeEach(() => simulator.reset());

for (const providerCase of providerCases) {
  describe(providerCase.name, () => {
    const expectedSources = (): { url: string; title: string | undefined }[] => {
      if (providerCase.citations === "none" || !providerCase.webSearch) return [];
      return citations.map((citation) => ({
        url: citation.url,
        title: providerCase.citations === "with-titles" ? citation.title : undefined,
      }));
    };

    test("generateText gets the default text and the computed usage over the default protocol", async () => {
      const result = await generateText({
        model: providerCase.createModel(simulator.url),
        prompt,
        maxRetries: 0,
      });
      const expectedText = `Answer from ${providerCase.modelId}: ${prompt}`;
      assert.equal(result.text, expectedText);
      assert.equal(result.usage.outputTokens, Math.ceil(expectedText.length / 4));
      assert.ok((result.usage.inputTokens ?? 0) >= Math.ceil(prompt.length / 4));
      const [request] = simulator.requests;
      assert.equal(simulator.requests.length, 1);
      assert.equal(request?.provider, providerCase.provider);
      assert.equal(request?.protocol, providerCase.protocol);
      assert.equal(request?.path, providerCase.path);
      if (providerCase.credential) {
        const [name, value] = providerCase.credential;
        assert.equal(request?.headers[name], value);
      }
      assert.equal(request?.model, providerCase.modelId);
      assert.equal(request?.stream, false);
      assert.equal(request?.aborted, false);
      assert.ok(request?.finishedAt !== undefined && request.finishedAt >= request.startedAt);
    });

    test("generateText gets scripted text, usage and sources", async () => {
      simulator.setBehaviour(providerCase.modelId, {
        text: "Paris is the capital of France.",
        usage: { inputTokens: 17, outputTokens: 9 },
        citations,
      });
      const result = await generateText({
        model: providerCase.createModel(simulator.url),
        prompt,
        maxRetries: 0,
        ...providerCase.webSearch,
      });
      assert.equal(result.text, "Paris is the capital of France.");
      assert.equal(result.usage.inputTokens, 17);
      assert.equal(result.usage.outputTokens, 9);
      assert.deepEqual(
        result.sources.map((source) => ({
          url: "url" in source ? source.url : undefined,
          title: source.title,
        })),
        expectedSources(),
      );
    });

    test("streamText gets scripted text, usage and sources", async () => {
      simulator.setBehaviour(providerCase.modelId, {
        text: "Paris is the capital of France, and it has been for a long time.",
        usage: { inputTokens: 21, outputTokens: 15 },
        citations,
      });
      const result = streamText({
        model: providerCase.createModel(simulator.url),
        prompt,
        maxRetries: 0,
        ...providerCase.webSearch,
      });
      const deltas: string[] = [];
      for await (const delta of result.textStream) deltas.push(delta);
      assert.ok(deltas.length > 1, "the answer arrives in several deltas");
      assert.equal(deltas.join(""), "Paris is the capital of France, and it has been for a long time.");
      const usage = await result.usage;
      assert.equal(usage.inputTokens, providerCase.streamsUsage ? 21 : undefined);
      assert.equal(usage.outputTokens, providerCase.streamsUsage ? 15 : undefined);
      const sources = await result.sources;
      assert.deepEqual(
        sources.map((source) => ({ url: "url" in source ? source.url : undefined, title: source.title })),
        expectedSources(),
      );
      assert.equal(simulator.requests[0]?.stream, true);
      assert.equal(simulator.requests[0]?.protocol, providerCase.protocol);
    });

    test(`usage: null gives ${providerCase.missingUsage} usage`, async () => {
      simulator.setBehaviour(providerCase.modelId, { text: "No usage here.", usage: null });
      const call = generateText({ model: providerCase.createModel(simulator.url), prompt, maxRetries: 0 });
      if (providerCase.missingUsage === "rejected") {
        // Anthropic always reports usage; @ai-sdk/anthropic rejects a message without it.
        await assert.rejects(
          call,
          (error) => APICallError.isInstance(error) && /Invalid JSON response/.test(error.message),
        );
        return;
      }
      const result = await call;
      assert.equal(result.text, "No usage here.");
      const expected = providerCase.missingUsage === "zero" ? 0 : undefined;
      assert.equal(result.usage.inputTokens, expected);
      assert.equal(result.usage.outputTokens, expected);
    });
  });
}
