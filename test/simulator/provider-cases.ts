// The AI SDK providers the simulator serves, each configured against a running simulator, for the tests:
// how each is created, how a call asks it for web search and reasoning, and what comes back through it.

import { anthropic, createAnthropic } from "@ai-sdk/anthropic";
import { createCerebras } from "@ai-sdk/cerebras";
import { createGoogleGenerativeAI, google } from "@ai-sdk/google";
import { createOpenAI, openai } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { createPerplexity } from "@ai-sdk/perplexity";
import { createXai, xai } from "@ai-sdk/xai";
import { createOpenRouter } from "@openrouter/ai-sdk-provider";
import type { generateText, LanguageModel, ToolSet } from "ai";
import type { ProtocolName } from "./protocol.ts";

/** How the simulator answers a missing usage for this client. */
export type MissingUsage = "undefined" | "zero" | "rejected";

/** Options a call adds to ask for a vendor feature, spread into `generateText` or `streamText`. */
export type CallOptions = Pick<Parameters<typeof generateText>[0], "tools" | "providerOptions" | "reasoning">;

/** How a call enables reasoning as the product would, and what comes back. */
export interface ReasoningCase {
  options: CallOptions;
  /** The thought text and its tokens, or only the tokens (the vendor keeps the text to itself). */
  returns: "text" | "tokens";
}

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
  /**
   * Call options that ask for the vendor's own web search: `{}` for Perplexity, which always searches;
   * absent when the provider cannot search through the AI SDK (then no sources ever come back).
   */
  webSearch?: CallOptions;
  /** How the sources of a search come back through the AI SDK. */
  citations: "with-titles" | "urls-only" | "none";
  /** Absent when the provider has no reasoning the AI SDK can ask for. */
  reasoning?: ReasoningCase;
  /** Prompt-cache tokens usage reports: reads, reads and writes, or none. */
  cache: "read" | "read-write" | "none";
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
    modelId: "gpt-5-sim",
    protocol: "openai-responses",
    path: "/openai/v1/responses",
    createModel: (url) => createOpenAI({ baseURL: `${url}/openai/v1`, apiKey })("gpt-5-sim"),
    webSearch: { tools: { web_search: openai.tools.webSearch({}) } },
    // @ai-sdk/openai asks for `web_search_call.action.sources` and reports those URLs instead of the
    // titled annotations (providerOptions.openai.includeWebSearchSources: false keeps the titles).
    citations: "urls-only",
    reasoning: { options: { reasoning: "high" }, returns: "text" },
    cache: "read",
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
    citations: "none",
    // OpenAI's chat completions report reasoning tokens but never the reasoning text.
    reasoning: { options: { reasoning: "high" }, returns: "tokens" },
    cache: "read",
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
    webSearch: { tools: { web_search: anthropic.tools.webSearch_20250305({}) } },
    citations: "with-titles",
    reasoning: { options: { reasoning: "high" }, returns: "text" },
    cache: "read-write",
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
    webSearch: { tools: { google_search: google.tools.googleSearch({}) } },
    citations: "with-titles",
    reasoning: {
      options: {
        reasoning: "high",
        providerOptions: { google: { thinkingConfig: { includeThoughts: true } } },
      },
      returns: "text",
    },
    cache: "read",
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
    // @ai-sdk/xai pins an older @ai-sdk/provider-utils whose schema type `ai` rejects; the tool itself works.
    webSearch: { tools: { web_search: xai.tools.webSearch() as unknown as ToolSet[string] } },
    citations: "with-titles",
    reasoning: { options: { reasoning: "high" }, returns: "text" },
    cache: "read",
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
    reasoning: { options: { reasoning: "high" }, returns: "text" },
    cache: "read",
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
    webSearch: {},
    citations: "urls-only",
    // @ai-sdk/perplexity ignores `reasoning`; its own option reaches the API, which reports only tokens.
    reasoning: {
      options: { providerOptions: { perplexity: { reasoning_effort: "high" } } },
      returns: "tokens",
    },
    cache: "none",
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
    webSearch: { providerOptions: { openrouter: { plugins: [{ id: "web" }] } } },
    citations: "with-titles",
    // @openrouter/ai-sdk-provider ignores `reasoning`; its own `reasoning` object reaches the API.
    reasoning: {
      options: { providerOptions: { openrouter: { reasoning: { effort: "high" } } } },
      returns: "text",
    },
    cache: "read-write",
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
    reasoning: { options: { reasoning: "high" }, returns: "text" },
    cache: "read",
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
    reasoning: { options: { reasoning: "high" }, returns: "text" },
    cache: "read",
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
    reasoning: { options: { reasoning: "high" }, returns: "text" },
    cache: "read",
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
