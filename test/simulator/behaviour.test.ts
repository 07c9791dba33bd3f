// The behaviour book's per-request latency marker, used by the benchmark.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createBehaviourBook, promptLatency } from "./behaviour.ts";

describe("latency from the prompt", () => {
  it("reads the named model's delay from a [latency ...] marker", () => {
    const text = "Question 7 [latency gpt-5.1=300 grok-4=1200] and more";
    assert.equal(promptLatency("grok-4", text), 1200);
    assert.equal(promptLatency("gpt-5.1", text), 300);
    assert.equal(promptLatency("gemini-2.5-pro", text), undefined);
    assert.equal(promptLatency("grok-4", "no marker"), undefined);
  });

  it("applies only when the behaviour asks for it, falling back to latencyMs", () => {
    const book = createBehaviourBook();
    const prompt = { lastUserText: "q [latency grok-4=900]", system: "", totalCharacters: 22 };
    book.setDefault({ latencyMs: 5 });
    assert.equal(book.decide("grok-4", prompt).latencyMs, 5);
    book.setDefault({ latencyMs: 5, latencyFromPrompt: true });
    assert.equal(book.decide("grok-4", prompt).latencyMs, 900);
    assert.equal(book.decide("gpt-5.1", prompt).latencyMs, 5);
  });
});
