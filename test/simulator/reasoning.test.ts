// Reasoning through every real AI SDK provider that has it: the thought comes back apart from the answer
// (as `reasoningText`, never inside `text`) and its tokens as `outputTokenDetails.reasoningTokens`, only
// when the call enables reasoning; and what the AI SDK's top-level `reasoning: "high"` sends to each vendor.

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { generateText } from "ai";

// Keeps the AI SDK from printing compatibility warnings about the simulated (unknown) model ids.
Object.assign(globalThis, { AI_SDK_LOG_WARNINGS: false });

import { providerCases } from "./provider-cases.ts";
import { defaultReasoningFactor } from "./reasoning.ts";
import { behaviour, prompt, reasoningSimulator, thought } from "./reasoning-fixture.ts";

const fixture = reasoningSimulator();
const call = fixture.call;

for (const providerCase of providerCases) {
  const reasoning = providerCase.reasoning;
  if (!reasoning) continue;
  const streamsUsage = providerCase.streamsUsage;

  describe(`${providerCase.name}: reasoning`, () => {
    for (const mode of ["generateText", "streamText"]) {
      test(`${mode} keeps the thought out of the answer and counts its tokens`, async () => {
        fixture.current().setBehaviour(providerCase.modelId, behaviour);
        const received = await call(providerCase, mode, reasoning.options);
        assert.equal(received.text, "Pogačar won.");
        if (reasoning.returns === "text") assert.equal(received.reasoningText, thought);
        else assert.ok(!received.reasoningText, `unexpected reasoning text: ${received.reasoningText}`);
        if (mode === "generateText" || streamsUsage) {
          assert.equal(received.usage.outputTokenDetails.reasoningTokens, 40);
          assert.equal(received.usage.outputTokenDetails.textTokens, 4);
          assert.equal(received.usage.outputTokens, 44);
        }
        assert.equal(fixture.current().requests[0]?.reasoning, true);
      });
    }

    test("without a scripted thought, a short one about the question at three tokens per answer token", async () => {
      fixture.current().setBehaviour(providerCase.modelId, { text: "Pogačar won.", usage: behaviour.usage });
      const received = await call(providerCase, "generateText", reasoning.options);
      assert.equal(received.text, "Pogačar won.");
      if (reasoning.returns === "text") assert.ok(received.reasoningText?.includes(prompt));
      assert.equal(received.usage.outputTokenDetails.reasoningTokens, defaultReasoningFactor * 4);
    });

    test("a call that does not enable reasoning gets no thought and no reasoning tokens", async () => {
      fixture.current().setBehaviour(providerCase.modelId, behaviour);
      const received = await call(providerCase, "streamText");
      assert.equal(received.text, "Pogačar won.");
      assert.ok(!received.reasoningText);
      assert.ok(!received.usage.outputTokenDetails.reasoningTokens);
      if (streamsUsage) assert.equal(received.usage.outputTokens, 4);
      assert.equal(fixture.current().requests[0]?.reasoning, false);
    });
  });
}

describe('what reasoning: "high" sends to each vendor', () => {
  // Top-level fields of each request body; {} where the provider drops the setting.
  const sent: Record<string, Record<string, unknown>> = {
    "openai (default model)": { reasoning: { effort: "high", summary: "detailed" } },
    "openai.chat": { reasoning_effort: "high" },
    anthropic: { thinking: { type: "adaptive", display: "summarized" }, output_config: { effort: "high" } },
    google: { generationConfig: { thinkingConfig: { thinkingLevel: "high" } } },
    "xai (default model)": { reasoning: { effort: "high" } },
    cerebras: { reasoning_effort: "high" },
    perplexity: {},
    openrouter: {},
    "ollama (openai-compatible, as the product configures it)": { reasoning_effort: "high" },
    "openai-compatible with includeUsage": { reasoning_effort: "high" },
    "openai-compatible with supportsStructuredOutputs": { reasoning_effort: "high" },
  };
  for (const providerCase of providerCases) {
    test(providerCase.name, async () => {
      const expected = sent[providerCase.name];
      assert.ok(expected, `no expectation for ${providerCase.name}`);
      const result = await generateText({
        model: providerCase.createModel(fixture.current().url),
        prompt,
        maxRetries: 0,
        reasoning: "high",
      });
      const body = fixture.current().requests[0]?.body as Record<string, unknown>;
      for (const [field, value] of Object.entries(expected)) assert.deepEqual(body[field], value, field);
      assert.equal(fixture.current().requests[0]?.reasoning, Object.keys(expected).length > 0);
      if (providerCase.provider === "perplexity")
        assert.ok(result.warnings?.some((warning) => warning.type === "unsupported"));
    });
  }
});
