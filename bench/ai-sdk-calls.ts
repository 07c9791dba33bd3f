// The floor's provider calls made through the Vercel AI SDK instead of raw node:http: the same five
// providers the product's benchmark consultation uses (Cerebras, Google, xAI, OpenAI, Anthropic),
// `generateText` over the product's keep-alive fetch, and nothing else. The synthesis call (Anthropic)
// asks for the product's structured synthesis (its zod schema, as the product's does), since that is
// the call the product makes. Measuring the floor with these calls shows how much of the product's
// cost the SDK alone brings.

import { createAnthropic } from "@ai-sdk/anthropic";
import { createCerebras } from "@ai-sdk/cerebras";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createOpenAI } from "@ai-sdk/openai";
import { createXai } from "@ai-sdk/xai";
import { generateText, type LanguageModel, Output } from "ai";
import { synthesisSchema } from "../src/consultation/index.ts";
import { createProviderFetch } from "../src/providers/provider-fetch.ts";

/** The model of the synthesis call, which asks for the structured synthesis. */
const synthesisModel = "claude-opus-5-5";

/** A `complete(model, prompt)` that reaches the simulator at `simulator` through the AI SDK. */
export function aiSdkCompletion(simulator: URL): (model: string, content: string) => Promise<string> {
  const fetch = createProviderFetch({});
  const at = (path: string) => new URL(path, simulator).href;
  const models: Record<string, LanguageModel> = {
    "gpt-oss-120b": createCerebras({ apiKey: "k", baseURL: at("/cerebras/v1"), fetch })("gpt-oss-120b"),
    "gemini-3.1-pro-preview": createGoogleGenerativeAI({ apiKey: "k", baseURL: at("/google/v1beta"), fetch })(
      "gemini-3.1-pro-preview",
    ),
    "grok-4.6": createXai({ apiKey: "k", baseURL: at("/xai/v1"), fetch })("grok-4.6"),
    "gpt-6-sol": createOpenAI({ apiKey: "k", baseURL: at("/openai/v1"), fetch })("gpt-6-sol"),
    "claude-opus-5-5": createAnthropic({ apiKey: "k", baseURL: at("/anthropic/v1"), fetch })(
      "claude-opus-5-5",
    ),
  };
  // One output spec, as the product keeps one per schema.
  const synthesis = Output.object({ schema: synthesisSchema });
  return async (model, content) => {
    const chosen = models[model];
    if (!chosen) throw new Error(`no AI SDK model for ${model}`);
    const output = model === synthesisModel ? { output: synthesis } : {};
    return (await generateText({ model: chosen, prompt: content, maxRetries: 0, ...output })).text;
  };
}
