// Reasoning details of single vendors: the settings that show or hide the thought (Gemini's
// includeThoughts and budget 0, Anthropic's budget and display, OpenAI's summary and "minimal" effort), and
// how each chat-completions dialect names the thought (xAI's reasoning_content, the reasoning field of
// Cerebras, Ollama and OpenRouter, none for OpenAI and Perplexity).

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { generateText, streamText } from "ai";

// Keeps the AI SDK from printing compatibility warnings about the simulated (unknown) model ids.
Object.assign(globalThis, { AI_SDK_LOG_WARNINGS: false });

import { providerCaseNamed } from "./provider-cases.ts";
import { behaviour, prompt, reasoningSimulator, thought } from "./reasoning-fixture.ts";

const fixture = reasoningSimulator();
const call = fixture.call;

describe("vendor details of reasoning", () => {
  test('Gemini thinks at reasoning "high" but shows its thoughts only with includeThoughts', async () => {
    const google = providerCaseNamed("google");
    fixture.current().setBehaviour(google.modelId, behaviour);
    const received = await call(google, "streamText", { reasoning: "high" });
    assert.equal(received.reasoningText, undefined);
    assert.equal(received.usage.outputTokenDetails.reasoningTokens, 40);
  });

  test("Gemini with a thinking budget of 0 does not think", async () => {
    const google = providerCaseNamed("google");
    fixture.current().setBehaviour(google.modelId, behaviour);
    const options = {
      providerOptions: { google: { thinkingConfig: { thinkingBudget: 0, includeThoughts: true } } },
    };
    const received = await call(google, "generateText", options);
    assert.equal(received.reasoningText, undefined);
    assert.equal(fixture.current().requests[0]?.reasoning, false);
  });

  test("Anthropic's extended thinking with a budget shows the thought; display omitted hides it", async () => {
    const anthropic = providerCaseNamed("anthropic");
    fixture.current().setBehaviour(anthropic.modelId, behaviour);
    const enabled = { anthropic: { thinking: { type: "enabled", budgetTokens: 2048 } } } as const;
    const shown = await call(anthropic, "streamText", { providerOptions: enabled });
    assert.equal(shown.reasoningText, thought);
    assert.deepEqual(((fixture.current().requests[0]?.body ?? {}) as { thinking?: unknown }).thinking, {
      type: "enabled",
      budget_tokens: 2048,
    });
    const omitted = { anthropic: { thinking: { type: "adaptive", display: "omitted" } } } as const;
    const hidden = await call(anthropic, "generateText", { providerOptions: omitted });
    assert.ok(!hidden.reasoningText);
    assert.equal(hidden.usage.outputTokenDetails.reasoningTokens, 40);
  });

  test("OpenAI reasons at an effort without a summary but returns only the tokens", async () => {
    const openai = providerCaseNamed("openai (default model)");
    fixture.current().setBehaviour(openai.modelId, behaviour);
    const options = { openai: { reasoningEffort: "low", reasoningSummary: null } };
    const received = await call(openai, "streamText", { providerOptions: options });
    assert.deepEqual(((fixture.current().requests[0]?.body ?? {}) as { reasoning?: unknown }).reasoning, {
      effort: "low",
    });
    assert.ok(!received.reasoningText);
    assert.equal(received.usage.outputTokenDetails.reasoningTokens, 40);
    assert.equal(received.usage.outputTokens, 44);
  });

  test('OpenAI\'s effort "minimal" does not reason', async () => {
    const openai = providerCaseNamed("openai (default model)");
    fixture.current().setBehaviour(openai.modelId, behaviour);
    const received = await call(openai, "generateText", { reasoning: "minimal" });
    assert.equal(received.usage.outputTokenDetails.reasoningTokens, 0);
    assert.equal(fixture.current().requests[0]?.reasoning, false);
  });

  test("xAI's chat completions carry the thought as reasoning_content", async () => {
    fixture.current().setBehaviour("grok-chat-sim", behaviour);
    const xaiChat = createOpenAICompatible({ name: "xai", baseURL: `${fixture.current().url}/xai/v1` });
    for (const mode of ["generateText", "streamText"]) {
      const settings = {
        model: xaiChat.chatModel("grok-chat-sim"),
        prompt,
        maxRetries: 0,
        reasoning: "high" as const,
      };
      const result = mode === "generateText" ? await generateText(settings) : streamText(settings);
      assert.equal(await result.text, "Pogačar won.");
      assert.equal(await result.reasoningText, thought);
    }
  });

  test("each chat dialect names the thought its own way", async () => {
    // The fields of the message and of usage each provider's chat completion carries.
    const dialects: Record<string, { path: string; reasoning: Record<string, unknown>; fields: unknown }> = {
      xai: {
        path: "/xai/v1",
        reasoning: { reasoning_effort: "high" },
        fields: { reasoning_content: thought },
      },
      cerebras: {
        path: "/cerebras/v1",
        reasoning: { reasoning_effort: "high" },
        fields: { reasoning: thought },
      },
      ollama: { path: "/ollama/v1", reasoning: { reasoning_effort: "high" }, fields: { reasoning: thought } },
      openrouter: {
        path: "/openrouter/api/v1",
        reasoning: { reasoning: { effort: "high" } },
        fields: {
          reasoning: thought,
          reasoning_details: [{ type: "reasoning.text", text: thought, format: "unknown", index: 0 }],
        },
      },
      openai: { path: "/openai/v1", reasoning: { reasoning_effort: "high" }, fields: {} },
      perplexity: { path: "/perplexity", reasoning: { reasoning_effort: "high" }, fields: {} },
    };
    fixture.current().setDefaultBehaviour(behaviour);
    for (const [provider, dialect] of Object.entries(dialects)) {
      const response = await fetch(`${fixture.current().url}${dialect.path}/chat/completions`, {
        method: "POST",
        body: JSON.stringify({
          model: "chat-sim",
          messages: [{ role: "user", content: prompt }],
          ...dialect.reasoning,
        }),
      });
      const body = (await response.json()) as {
        choices: { message: Record<string, unknown> }[];
        usage: unknown;
      };
      const {
        role: _role,
        content,
        refusal: _refusal,
        annotations: _annotations,
        ...fields
      } = body.choices[0]?.message ?? {};
      assert.equal(content, "Pogačar won.", provider);
      assert.deepEqual(fields, dialect.fields, provider);
      const usage = body.usage as {
        completion_tokens: number;
        reasoning_tokens?: number;
        completion_tokens_details?: { reasoning_tokens: number };
      };
      assert.equal(usage.completion_tokens_details?.reasoning_tokens ?? usage.reasoning_tokens, 40, provider);
      // xAI and Perplexity count the reasoning tokens apart from the answer's; the others inside it.
      const apart = provider === "xai" || provider === "perplexity";
      assert.equal(usage.completion_tokens, apart ? 4 : 44, provider);
    }
  });
});
