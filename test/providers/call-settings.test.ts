// Reasoning and web search reach each vendor through its own control, and only models that have it.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { builtInCatalog } from "../../src/configuration/catalog.ts";
import { callSettingsFor, webSearchesIn } from "../../src/providers/call-settings.ts";
import type { ModelEntry } from "../../src/providers/model-entry.ts";

const entry = (name: string) => {
  const found = builtInCatalog.find((candidate) => candidate.name === name);
  assert.ok(found);
  return { ...found, contextWindow: found.contextWindow ?? 100_000 } as ModelEntry;
};

describe("callSettingsFor", () => {
  it("gives each searching vendor its own search tool", () => {
    const tools = (name: string) =>
      Object.values(callSettingsFor(entry(name), { webSearch: true }).tools ?? {}).map(
        (tool) => (tool as { id: string }).id,
      );
    assert.deepEqual(tools("openai"), ["openai.web_search"]);
    assert.deepEqual(callSettingsFor(entry("openai"), { webSearch: true }).providerOptions, {
      openai: { includeWebSearchSources: false },
    });
    assert.deepEqual(tools("claude"), ["anthropic.web_search_20250305"]);
    assert.deepEqual(tools("gemini"), ["google.google_search"]);
    assert.deepEqual(tools("grok"), ["xai.web_search"]);
    assert.deepEqual(callSettingsFor(entry("openrouter"), { webSearch: true }).providerOptions, {
      openrouter: { plugins: [{ id: "web", max_results: 5 }] },
    });
    // Perplexity searches anyway; Cerebras cannot.
    assert.deepEqual(callSettingsFor(entry("perplexity"), { webSearch: true }), {});
    assert.deepEqual(callSettingsFor(entry("cerebras"), { webSearch: true }), {});
    assert.deepEqual(callSettingsFor(entry("openai"), { webSearch: false }), {});
  });

  it("maps the reasoning level to the AI SDK's, and OpenRouter's own option", () => {
    assert.equal(callSettingsFor(entry("claude"), { reasoning: "high" }).reasoning, "high");
    assert.equal(callSettingsFor(entry("openai"), { reasoning: "off" }).reasoning, "none");
    assert.deepEqual(callSettingsFor(entry("openrouter"), { reasoning: "low" }).providerOptions, {
      openrouter: { reasoning: { effort: "low" } },
    });
    // A model without a reasoning control is not sent one.
    assert.deepEqual(callSettingsFor(entry("perplexity"), { reasoning: "high" }), {});
  });
});

describe("webSearchesIn", () => {
  it("counts vendor-run tool calls, else Google's grounding queries", () => {
    const steps = [
      {
        content: [
          { type: "tool-call", providerExecuted: true },
          { type: "tool-result", providerExecuted: true },
          { type: "tool-call", providerExecuted: true },
          { type: "text" },
        ],
      },
    ];
    assert.equal(webSearchesIn({ steps }), 2);
    assert.equal(
      webSearchesIn({
        steps: [],
        providerMetadata: { google: { groundingMetadata: { webSearchQueries: ["a", "b", "c"] } } },
      }),
      3,
    );
    assert.equal(webSearchesIn({ steps: [] }), 0);
  });
});
