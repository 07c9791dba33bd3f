// The AI SDK providers the simulator serves, each configured against a running simulator, for the tests.

import { createAnthropic } from "@ai-sdk/anthropic";
import { createCerebras } from "@ai-sdk/cerebras";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { createPerplexity } from "@ai-sdk/perplexity";
import { createXai } from "@ai-sdk/xai";
import { createOpenRouter } from "@openrouter/ai-sdk-provider";
import type { LanguageModel } from "ai";
import type { ProtocolName } from "./protocol.ts";

/** How the simulator answers a missing usage for this client. */
export type MissingUsage = "undefined" | "zero" | "rejected";

/** One AI SDK provider as the product uses it, and what the simulator should look like through it. */
export interface ProviderCase {
  name: string;
  provider: string;
  modelId: string;
  /** The protocol the provider's default model speaks (asserted against the request log). */
  protocol: ProtocolName;
  /** Path the provider posts to, relative to the simulator URL. */
  path: string;
  createModel(url: string): LanguageModel;
  /** Whether sources come back (some protocols have no native citations). */
  citations: "with-titles" | "urls-only" | "none";
  /** Whether a streamed answer carries usage with this client configuration. */
  streamsUsage: boolean;
  missingUsage: MissingUsage;
  /** The header that carries the API key, as the simulator receives it. */
  credential?: [name: string, value: string];
  /**
   * Structured output sends only `response_format: {type: "json_object"}`, not the schema: what
   * @ai-sdk/openai-compatible does unless the provider is created with `supportsStructuredOutputs: true`.
   */
  jsonModeOnly?: boolean;
}

const apiKey = "test";

/** Every provider the product configures, each with its default (or product-chosen) model kind. */
export const providerCases: ProviderCase[] = [
  {
    name: "openai (default model)",
    provider: "openai",
    credential: ["authorization", "Bearer test"],
    modelId: "gpt-sim",
    protocol: "openai-responses",
    path: "/openai/v1/responses",
    createModel: (url) => createOpenAI({ baseURL: `${url}/openai/v1`, apiKey })("gpt-sim"),
    citations: "with-titles",
    streamsUsage: true,
    missingUsage: "undefined",
  },
  {
    name: "openai.chat",
    provider: "openai",
    credential: ["authorization", "Bearer test"],
    modelId: "gpt-sim-chat",
    protocol: "openai-chat",
    path: "/openai/v1/chat/completions",
    createModel: (url) => createOpenAI({ baseURL: `${url}/openai/v1`, apiKey }).chat("gpt-sim-chat"),
    citations: "with-titles",
    streamsUsage: true,
    missingUsage: "undefined",
  },
  {
    name: "anthropic",
    provider: "anthropic",
    credential: ["x-api-key", "test"],
    modelId: "claude-sim",
    protocol: "anthropic-messages",
    path: "/anthropic/v1/messages",
    createModel: (url) => createAnthropic({ baseURL: `${url}/anthropic/v1`, apiKey })("claude-sim"),
    citations: "with-titles",
    streamsUsage: true,
    missingUsage: "rejected",
  },
  {
    name: "google",
    provider: "google",
    credential: ["x-goog-api-key", "test"],
    modelId: "gemini-sim",
    protocol: "gemini-generate-content",
    path: "/google/v1beta/models/gemini-sim:generateContent",
    createModel: (url) => createGoogleGenerativeAI({ baseURL: `${url}/google/v1beta`, apiKey })("gemini-sim"),
    citations: "with-titles",
    streamsUsage: true,
    missingUsage: "undefined",
  },
  {
    name: "xai (default model)",
    provider: "xai",
    credential: ["authorization", "Bearer test"],
    modelId: "grok-sim",
    protocol: "openai-responses",
    path: "/xai/v1/responses",
    createModel: (url) => createXai({ baseURL: `${url}/xai/v1`, apiKey })("grok-sim"),
    citations: "with-titles",
    streamsUsage: true,
    missingUsage: "zero",
  },
  {
    name: "cerebras",
    provider: "cerebras",
    credential: ["authorization", "Bearer test"],
    modelId: "llama-sim",
    protocol: "openai-chat",
    path: "/cerebras/v1/chat/completions",
    createModel: (url) => createCerebras({ baseURL: `${url}/cerebras/v1`, apiKey })("llama-sim"),
    citations: "none",
    streamsUsage: true,
    missingUsage: "undefined",
  },
  {
    name: "perplexity",
    provider: "perplexity",
    credential: ["authorization", "Bearer test"],
    modelId: "sonar-sim",
    protocol: "openai-chat",
    path: "/perplexity/chat/completions",
    createModel: (url) => createPerplexity({ baseURL: `${url}/perplexity`, apiKey })("sonar-sim"),
    citations: "urls-only",
    streamsUsage: true,
    missingUsage: "undefined",
  },
  {
    name: "openrouter",
    provider: "openrouter",
    credential: ["authorization", "Bearer test"],
    modelId: "vendor/router-sim",
    protocol: "openai-chat",
    path: "/openrouter/api/v1/chat/completions",
    createModel: (url) =>
      createOpenRouter({ baseURL: `${url}/openrouter/api/v1`, apiKey })("vendor/router-sim"),
    citations: "with-titles",
    streamsUsage: true,
    missingUsage: "zero",
  },
  {
    name: "ollama (openai-compatible, as the product configures it)",
    provider: "ollama",
    modelId: "llama-local-sim",
    protocol: "openai-chat",
    path: "/ollama/v1/chat/completions",
    createModel: (url) =>
      createOpenAICompatible({ name: "ollama", baseURL: `${url}/ollama/v1` }).chatModel("llama-local-sim"),
    citations: "none",
    streamsUsage: false,
    missingUsage: "undefined",
    jsonModeOnly: true,
  },
  {
    name: "openai-compatible with includeUsage",
    provider: "ollama",
    modelId: "llama-usage-sim",
    protocol: "openai-chat",
    path: "/ollama/v1/chat/completions",
    createModel: (url) =>
      createOpenAICompatible({ name: "ollama", baseURL: `${url}/ollama/v1`, includeUsage: true }).chatModel(
        "llama-usage-sim",
      ),
    citations: "none",
    streamsUsage: true,
    missingUsage: "undefined",
    jsonModeOnly: true,
  },
  {
    name: "openai-compatible with supportsStructuredOutputs",
    provider: "ollama",
    modelId: "llama-schema-sim",
    protocol: "openai-chat",
    path: "/ollama/v1/chat/completions",
    createModel: (url) =>
      createOpenAICompatible({
        name: "ollama",
        baseURL: `${url}/ollama/v1`,
        supportsStructuredOutputs: true,
      }).chatModel("llama-schema-sim"),
    citations: "none",
    streamsUsage: false,
    missingUsage: "undefined",
  },
];

/** The case with this name; throws for an unknown name so a renamed case fails loudly. */
export function providerCaseNamed(name: string): ProviderCase {
  const found = providerCases.find((providerCase) => providerCase.name === name);
  if (!found) throw new Error(`No provider case named ${name}`);
  return found;
}
