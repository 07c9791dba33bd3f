// The floor's provider calls made through the Vercel AI SDK instead of raw node:http: the same five
// providers the product's benchmark consultation uses (Cerebras, Google, xAI, OpenAI, Anthropic),
// `generateText` over the product's keep-alive fetch, and nothing else. Measuring the floor with
// these calls shows how much of the product's cost the SDK alone brings.

import { createAnthropic } from "@ai-sdk/anthropic";
import { createCerebras } from "@ai-sdk/cerebras";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createOpenAI } from "@ai-sdk/openai";
import { createXai } from "@ai-sdk/xai";
import { generateText, type LanguageModel } from "ai";
import { createProviderFetch } from "../src/providers/provider-fetch.ts";

/** A `complete(model, prompt)` that reaches the simulator at `simulator` through the AI SDK. */
export function aiSdkCompletion(simulator: URL): (model: string, content: string) => Promise<string> {
  const fetch = createProviderFetch({});
  const at = (path: string) => new URL(path, simulator).href;
  const models: Record<string, LanguageModel> = {
    "llama-3.3-70b": createCerebras({ apiKey: "k", baseURL: at("/cerebras/v1"), fetch })("llama-3.3-70b"),
    "gemini-2.5-pro": createGoogleGenerativeAI({ apiKey: "k", baseURL: at("/google/v1beta"), fetch })(
      "gemini-2.5-pro",
    ),
    "grok-4": createXai({ apiKey: "k", baseURL: at("/xai/v1"), fetch })("grok-4"),
    "gpt-5.1": createOpenAI({ apiKey: "k", baseURL: at("/openai/v1"), fetch })("gpt-5.1"),
    "claude-sonnet-4-5": createAnthropic({ apiKey: "k", baseURL: at("/anthropic/v1"), fetch })(
      "claude-sonnet-4-5",
    ),
  };
  return async (model, content) => {
    const chosen = models[model];
    if (!chosen) throw new Error(`no AI SDK model for ${model}`);
    return (await generateText({ model: chosen, prompt: content, maxRetries: 0 })).text;
  };
}
