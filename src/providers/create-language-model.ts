// Turns a model entry into an AI SDK language model. Each call builds its own provider instance
// from immutable settings, so concurrent consultations never share mutable client state.

import { createAnthropic } from "@ai-sdk/anthropic";
import { createCerebras } from "@ai-sdk/cerebras";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { createPerplexity } from "@ai-sdk/perplexity";
import type { LanguageModelV4 } from "@ai-sdk/provider";
import { createXai } from "@ai-sdk/xai";
import { createOpenRouter } from "@openrouter/ai-sdk-provider";
import type { ModelEntry, ProviderKind } from "../configuration/model-entry.ts";
import type { ProviderSettings } from "../configuration/provider-environment.ts";
import { createProviderFetch } from "./provider-fetch.ts";
import { createSimulatedLanguageModel } from "./simulated-language-model.ts";

/** Builds language models for model entries; injected so tests can substitute fakes. */
export type LanguageModelFactory = (entry: ModelEntry) => LanguageModelV4;

/** The default Ollama endpoint, used when OLLAMA_BASE_URL is not set. */
export const defaultOllamaUrl = "http://127.0.0.1:11434";

/** Creates the factory that reaches real providers with the given settings. */
export function createLanguageModelFactory(
  providers: Record<ProviderKind, ProviderSettings>,
  environment: Record<string, string | undefined>,
): LanguageModelFactory {
  // Models are immutable configuration holders, safe to share between concurrent calls; caching
  // them per entry saves rebuilding a provider on every call.
  const cache = new Map<ModelEntry, LanguageModelV4>();
  const fetch = createProviderFetch(environment);
  return (entry) => {
    const cached = cache.get(entry);
    if (cached) return cached;
    const model = createModel(entry, providers, environment, fetch);
    cache.set(entry, model);
    return model;
  };
}

function createModel(
  entry: ModelEntry,
  providers: Record<ProviderKind, ProviderSettings>,
  environment: Record<string, string | undefined>,
  fetch: typeof globalThis.fetch,
): LanguageModelV4 {
  const settings = providers[entry.provider];
  const options = {
    fetch,
    apiKey: settings.apiKey ?? "",
    ...(settings.baseURL ? { baseURL: settings.baseURL } : {}),
  };
  switch (entry.provider) {
    case "openai":
      return createOpenAI(options)(entry.modelId);
    case "anthropic":
      return createAnthropic(options)(entry.modelId);
    case "google":
      return createGoogleGenerativeAI(options)(entry.modelId);
    case "xai":
      return createXai(options)(entry.modelId);
    case "cerebras":
      return createCerebras(options)(entry.modelId);
    case "perplexity":
      return createPerplexity(options)(entry.modelId);
    case "openrouter":
      return createOpenRouter(options)(entry.modelId) as unknown as LanguageModelV4;
    case "ollama":
      return createOpenAICompatible({
        name: "ollama",
        fetch,
        includeUsage: true,
        // Ollama 0.5+ constrains its output to a JSON schema (reviews and the synthesis's assessment).
        supportsStructuredOutputs: true,
        baseURL: ollamaApiUrl(entry.baseURL ?? settings.baseURL ?? defaultOllamaUrl),
      }).chatModel(entry.modelId);
    case "openai-compatible": {
      if (!entry.baseURL) throw new Error(`Model ${entry.name} has no baseURL.`);
      const apiKey = entry.apiKeyEnv ? environment[entry.apiKeyEnv] : undefined;
      return createOpenAICompatible({
        name: entry.name,
        fetch,
        baseURL: entry.baseURL,
        supportsStructuredOutputs: true,
        ...(apiKey ? { apiKey } : {}),
      }).chatModel(entry.modelId);
    }
    case "simulated":
      return createSimulatedLanguageModel(entry.modelId, entry.name.replace(/^simulated-/, ""));
  }
}

/** Ollama serves its OpenAI-compatible API under /v1; accept the server root or the /v1 URL. */
export function ollamaApiUrl(baseURL: string): string {
  const trimmed = baseURL.replace(/\/+$/, "");
  return trimmed.endsWith("/v1") ? trimmed : `${trimmed}/v1`;
}
