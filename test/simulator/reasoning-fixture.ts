// What the reasoning tests share: one scripted thought, a simulator started for the test file, and a
// call through a real AI SDK provider that returns the answer, the thought and the usage.

import { after, before, beforeEach } from "node:test";
import { generateText, streamText } from "ai";
import type { CallOptions, ProviderCase } from "./provider-cases.ts";
import { type ProviderSimulator, startProviderSimulator } from "./provider-simulator.ts";

export const prompt = "Who won the 2024 Tour de France?";
export const thought = "The 2024 Tour ended in Nice; Pogačar wore yellow there.";
/** A model that thinks `thought` (40 tokens) and answers in 4 tokens. */
export const behaviour = {
  text: "Pogačar won.",
  usage: { inputTokens: 10, outputTokens: 4 },
  reasoning: { text: thought, tokens: 40 },
};

/** Starts a simulator for the test file, reset before each test; `current()` is it once started. */
export function reasoningSimulator(): {
  current: () => ProviderSimulator;
  call: (
    providerCase: ProviderCase,
    mode: string,
    options?: CallOptions,
  ) => Promise<{
    text: string;
    reasoningText: string | undefined;
    usage: Awaited<ReturnType<typeof generateText>>["usage"];
  }>;
} {
  let simulator: ProviderSimulator | undefined;
  before(async () => {
    simulator = await startProviderSimulator();
  });
  after(() => simulator?.close());
  beforeEach(() => simulator?.reset());
  const current = () => {
    if (!simulator) throw new Error("the simulator has not started");
    return simulator;
  };
  return {
    current,
    async call(providerCase, mode, options = {}) {
      const settings = { model: providerCase.createModel(current().url), prompt, maxRetries: 0, ...options };
      const result = mode === "generateText" ? await generateText(settings) : streamText(settings);
      return {
        text: await result.text,
        reasoningText: await result.reasoningText,
        usage: await result.usage,
      };
    },
  };
}
